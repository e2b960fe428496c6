// @ts-check
// WebKit has no way to run a script before the page's own over classic
// WebDriver, so for a page that does not measure itself the page is loaded
// through the rewriting proxy perf:tti already has (../lighthouse/rewriting-proxy.js),
// which inserts the measurement inline, first in the head, and lets it past
// the page's Content-Security-Policy by its hash (./csp.js). Everything else
// passes through untouched.
import { startRewritingProxy } from '../lighthouse/rewriting-proxy.js';
import { allowInlineScript, scriptHashSource } from './csp.js';

const HEAD = /<head\b[^>]*>/i;
const HTML = /<html\b[^>]*>/i;
const DOCTYPE = /^\s*<!doctype[^>]*>/i;

/**
 * @param {string} html
 * @param {string} script the inline script's text
 * @returns {string} the HTML with the script first in its head (or where a head would begin)
 */
export function insertFirstInHead(html, script) {
  const tag = `<script>${script}</script>`;
  const at = HEAD.exec(html) ?? HTML.exec(html) ?? DOCTYPE.exec(html);
  if (!at) return tag + html;
  const end = at.index + at[0].length;
  return html.slice(0, end) + tag + html.slice(end);
}

/**
 * @param {string} target the page's origin
 * @param {{ script: string, acceptUntrustedCertificate: boolean }} how script:
 *   the measurement as one classic script (./injection.js)
 * @returns {Promise<{ url: string, stop: () => Promise<void>, served: { pages: number, cspAllowed: number } }>}
 *   served: HTML pages the script went into, and how many of them had a CSP the hash was added to
 */
export async function startInjectingProxy(target, { script, acceptUntrustedCertificate }) {
  // The script ends up inside <script>…</script>: a literal "</script" in it would end the element early.
  const safe = script.replace(/<\/script/gi, '<\\/script');
  const hash = scriptHashSource(safe);
  const served = { pages: 0, cspAllowed: 0 };
  const proxy = await startRewritingProxy(target, {
    acceptUntrustedCertificate,
    rewriteHtml: (html) => {
      served.pages += 1;
      return insertFirstInHead(html, safe);
    },
    rewriteHtmlHeaders: (headers) => {
      const header = headers['content-security-policy'];
      if (header === undefined) return;
      // Every policy a page sends must allow a script: each gets the hash.
      const policies = (Array.isArray(header) ? header : [header]).map((p) => allowInlineScript(String(p), hash));
      if (policies.some((p) => p.changed)) served.cspAllowed += 1;
      headers['content-security-policy'] = policies.map((p) => p.policy);
    },
  });
  return { ...proxy, served };
}
