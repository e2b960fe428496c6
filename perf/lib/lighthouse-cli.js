// @ts-check
// The installed Lighthouse's CLI, run with this Node, for the tools that run
// it (perf:tti's cross-check, perf:bfcache). Lighthouse is a pinned dev
// dependency (`npm ci` installs it; nothing is fetched at run time). It
// declares Node >= 22.19 and runs on Node 20 too.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The path of Lighthouse's CLI script. */
export function lighthouseCli() {
  const manifest = require.resolve('lighthouse/package.json');
  const { bin } = require('lighthouse/package.json');
  return path.join(path.dirname(manifest), bin.lighthouse);
}

/**
 * Chromium's flags for a Lighthouse run: headless, and without the
 * background-networking calls that would count as the page's traffic.
 */
export const LIGHTHOUSE_CHROME_FLAGS =
  '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

/**
 * Lighthouse's last lines of stderr, without npm's engine warnings: why a run failed.
 * @param {string} stderr
 */
export function lighthouseFailure(stderr) {
  return String(stderr)
    .trim()
    .split('\n')
    .filter((l) => !/EBADENGINE|npm warn/.test(l))
    .slice(-3)
    .join(' ');
}
