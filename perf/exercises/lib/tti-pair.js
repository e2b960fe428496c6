// @ts-check
// Time To Interactive of the two configurations in real Chromium, through
// perf:tti's own machinery (perf/lib/page-run.js: fresh contexts, the mobile
// profile's CDP throttling, the page's own measurement), alternating broken
// and fixed load by load on two servers started side by side.
import { launchBrowser } from '../../lib/browser.js';
import { PROFILES } from '../../lib/throttling.js';
import { buildClient, startMarquee } from '../../lib/marquee-server.js';
import { measurePageLoad } from '../../lib/page-run.js';
import { distribution } from '../../lib/stats.js';

/**
 * @param {{ brokenRoot: string, runs: number, profile?: keyof typeof PROFILES }} options brokenRoot: the pitfall's tree,
 *   with its own client build (lib/broken-tree.js)
 * @returns {Promise<{ broken: Record<string, number | null>, fixed: Record<string, number | null>, profile: string, runs: number }>}
 *   medians of App TTI, lab TTI and the HTML's bytes
 */
export async function measureTtiPair({ brokenRoot, runs, profile = 'mobile' }) {
  await buildClient();
  const servers = { fixed: await startMarquee(), broken: await startMarquee({ root: brokenRoot }) };
  /** @type {import('playwright-core').Browser | null} */
  let browser = null;
  /** @type {Record<'fixed' | 'broken', import('../../lib/page-run.js').RunResult[]>} */
  const results = { fixed: [], broken: [] };
  try {
    browser = await launchBrowser();
    for (let i = 1; i <= runs; i++) {
      for (const side of /** @type {const} */ (['fixed', 'broken'])) {
        const run = await measurePageLoad(browser, {
          url: `${servers[side].url}/`,
          profile: PROFILES[profile],
          injectScript: null,
          capMs: 30_000,
          pressKeys: false,
        });
        results[side].push(run);
        process.stderr.write(
          `  TTI ${side} run ${i}/${runs}: App TTI ${Math.round(run.metrics.appTTI ?? NaN)} ms, lab TTI ${Math.round(run.metrics.labTTI ?? NaN)} ms\n`,
        );
      }
    }
  } finally {
    await browser?.close().catch(() => {});
    await Promise.all([servers.fixed.stop(), servers.broken.stop()]);
  }
  const medians = (/** @type {import('../../lib/page-run.js').RunResult[]} */ side) => ({
    appTTI: distribution(side.map((r) => r.metrics.appTTI))?.median ?? null,
    labTTI: distribution(side.map((r) => r.metrics.labTTI))?.median ?? null,
    htmlBytes: distribution(side.map((r) => r.htmlBytes))?.median ?? null,
  });
  return { broken: medians(results.broken), fixed: medians(results.fixed), profile, runs };
}
