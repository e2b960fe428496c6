// @ts-check
/* global document, requestIdleCallback, requestAnimationFrame, MutationObserver -- evaluate bodies run in the page */
// npm run perf:first-scroll -- [--url URL] [--vs URL] [--runs 7] [--profile mobile] [--row 3]
// A phone's first scroll (issue 37): a fresh page load, left alone until its
// load event and idle, then one scroll that brings the home row --row (index;
// 3 is the fourth, the first below the server's three) into view. Times from the
// scroll to that row's cards painted (its section `data-row-state="loaded"`,
// then a frame); 0 when the row was already there. With --vs, alternately.
import { parseArgs } from 'node:util';
import { launchBrowser } from '../lib/browser.js';
import { applyThrottling, contextOptions, PROFILES } from '../lib/throttling.js';
import { startOneMarquee } from '../lib/targets.js';
import { runTool } from '../lib/run-tool.js';
import { distribution } from '../lib/stats.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    vs: { type: 'string' },
    runs: { type: 'string', default: '7' },
    profile: { type: 'string', default: 'mobile' },
    row: { type: 'string', default: '3' },
  },
});
const runs = Number(values.runs);
const row = Number(values.row);
if (!Number.isInteger(runs) || runs < 1 || runs > 100)
  throw new Error('perf:first-scroll: --runs must be from 1 to 100');
if (!Number.isInteger(row) || row < 0) throw new Error('perf:first-scroll: --row must be a row index');
if (!Object.hasOwn(PROFILES, values.profile ?? ''))
  throw new Error(`perf:first-scroll: --profile must be one of ${Object.keys(PROFILES).join(', ')}`);
const profile = PROFILES[/** @type {keyof typeof PROFILES} */ (values.profile)];

await runTool('perf:first-scroll', async (onStop) => {
  const a = await startOneMarquee({ url: values.url ?? null, onStart: onStop });
  const sides = [{ name: 'A', url: a.url }, ...(values.vs ? [{ name: 'B', url: values.vs }] : [])];
  const browser = await launchBrowser();
  onStop(() => browser.close());
  console.log(
    `perf:first-scroll: ${sides.map((s) => `${s.name} ${s.url}`).join(', ')} · profile ${values.profile} · row ${row}`,
  );
  /** @type {Record<string, number[]>} */
  const times = Object.fromEntries(sides.map((s) => [s.name, []]));
  for (let i = 0; i < runs; i += 1) {
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      const ms = await scrollOnce(browser, side.url);
      times[side.name].push(ms);
      console.log(`  run ${i + 1}/${runs} ${side.name}: scroll to row ${row} painted ${ms.toFixed(0)} ms`);
    }
  }
  for (const side of sides) {
    const d = distribution(times[side.name]);
    console.log(`${side.name}: median ${d?.median.toFixed(0)} ms (min ${d?.min.toFixed(0)}, max ${d?.max.toFixed(0)})`);
  }
  await browser.close();
});

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @returns {Promise<number>} ms from the scroll to the row's cards painted
 */
async function scrollOnce(browser, url) {
  const context = await browser.newContext(contextOptions(profile));
  try {
    const page = await context.newPage();
    await applyThrottling(await context.newCDPSession(page), profile);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Left alone until idle: what a page does by itself before the visitor moves is done.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined))));
    await page.waitForLoadState('networkidle');
    return await page.evaluate(
      (index) =>
        new Promise((resolve) => {
          const section = document.querySelector(`section.row[data-row-index="${index}"]`);
          if (!section) throw new Error(`no row ${index} on the page`);
          const start = performance.now();
          const painted = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
          const loaded = () => section.isConnected && section.getAttribute('data-row-state') === 'loaded';
          // The row's section is replaced when it loads: watch the rows' parent.
          const observer = new MutationObserver(() => {
            const now = document.querySelector(`section.row[data-row-index="${index}"]`);
            if (now?.getAttribute('data-row-state') === 'loaded') {
              observer.disconnect();
              painted();
            }
          });
          if (loaded()) return resolve(0);
          observer.observe(/** @type {Node} */ (section.parentNode), {
            childList: true,
            subtree: true,
            attributes: true,
          });
          section.scrollIntoView({ block: 'start' });
        }),
      row,
    );
  } finally {
    await context.close();
  }
}
