// @ts-check
// A page's Content-Security-Policy against the measurement the WebKit proxy
// inserts inline, first in the head (./inject-proxy.js): where the policy
// forbids inline script, the proxy adds the script's own hash to the
// directives that govern a <script> element, so the page keeps every other
// rule it set and the measurement runs. A <meta> policy needs nothing: it
// applies only to what comes after it, and the script comes first.
import { createHash } from 'node:crypto';

/** The directives a <script> element is checked against, the first present winning. */
const GOVERNING = ['script-src-elem', 'script-src', 'default-src'];

/**
 * @param {string} script the inline script's text, exactly as inserted
 * @returns {string} its CSP hash source, e.g. 'sha256-…'
 */
export function scriptHashSource(script) {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * @param {string} policy one Content-Security-Policy header value
 * @param {string} hashSource from scriptHashSource
 * @returns {{ policy: string, changed: boolean }} the policy that lets the script run
 */
export function allowInlineScript(policy, hashSource) {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const names = directives.map((d) => d.split(/\s+/)[0].toLowerCase());
  // script-src-elem governs elements where present, but an engine without it reads script-src: both get the hash.
  const first = GOVERNING.findIndex((name) => names.includes(name));
  if (first === -1) return { policy, changed: false };
  const targets = first === 2 ? ['default-src'] : GOVERNING.slice(first, 2).filter((name) => names.includes(name));
  let changed = false;
  const rewritten = directives.map((directive, i) => {
    if (!targets.includes(names[i]) || allowsInline(directive)) return directive;
    changed = true;
    // 'none' cannot stand beside a source: the hash replaces it.
    const sources = directive.split(/\s+/).filter((s, k) => k === 0 || s.toLowerCase() !== "'none'");
    return [...sources, hashSource].join(' ');
  });
  return { policy: changed ? rewritten.join('; ') : policy, changed };
}

/**
 * 'unsafe-inline' counts only without a nonce, a hash or 'strict-dynamic'
 * beside it (CSP Level 3): adding a hash to such a directive would forbid the
 * page's own inline scripts, so it is left as it is.
 * @param {string} directive
 */
function allowsInline(directive) {
  const sources = directive.toLowerCase().split(/\s+/).slice(1);
  return (
    sources.includes("'unsafe-inline'") &&
    !sources.some((s) => s.startsWith("'nonce-") || s.startsWith("'sha") || s === "'strict-dynamic'")
  );
}
