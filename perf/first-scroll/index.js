// @ts-check
/* global document, requestIdleCallback, requestAnimationFrame, MutationObserver -- evaluate bodies run in the page */
// npm run perf:first-scroll -- [--url URL] [--vs URL] [--runs 7] [--profile mobile] [--row 3]
// A phone's first scroll (issue 37): a fresh page load, left alone until its
// load event and idle, then one scroll that brings the home row --row (index;
// 3 is the fourth, the first below the server's three) into view. Times from the
// scroll to that row's cards painted (its section `data-row-state="loaded"`,
// then a frame); 0 when the row was already there. With --vs, alternately.
import { readFirstScrollOptions } from './options.js';
import { launchBrowser } from '../lib/browser.js';
import { applyThrottling, contextOptions } from '../lib/throttling.js';
import { startOneMarquee } from '../lib/targets.js';
import { runTool } from '../lib/run-tool.js';
import { distribution } from '../lib/stats.js';

const { values, runs, row, profile } = readFirstScrollOptions(process.argv.slice(2));

await runTool('perf:first-scroll', async (onStop) => {
  const a = await startOneMarquee({ url: values.url ?? null, onStart: onStop });
  const sides = [{ name: 'A', url: a.url }, ...(values.vs ? [{ name: 'B', url: values.vs }] : [])];
  const browser = await launchBrowser();
  onStop(() => browser.close());
  console.log(
    `perf:first-scroll: ${sides.map((s) => `${s.name} ${s.url}`).join(', ')} · profile ${values.profile} · row ${row}`,
  );
  /** @type {Record<string, Scroll[]>} */
  const results = Object.fromEntries(sides.map((s) => [s.name, []]));
  for (let i = 0; i < runs; i += 1) {
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      const r = await scrollOnce(browser, side.url);
      // A figure about a row that never rendered would be about nothing.
      if (r.cards === 0) throw new Error(`perf:first-scroll: ${side.name}'s row ${row} painted with no card`);
      results[side.name].push(r);
      console.log(`  run ${i + 1}/${runs} ${side.name}: scroll to row ${row} painted ${describe(r)}`);
    }
  }
  for (const side of sides) {
    const all = results[side.name];
    const d = distribution(all.map((r) => r.ms));
    const loafs = all.map((r) => r.loaf?.duration ?? 0);
    const blocking = distribution(all.map((r) => r.loaf?.blocking ?? 0));
    console.log(
      `${side.name}: median ${d?.median.toFixed(0)} ms (min ${d?.min.toFixed(0)}, max ${d?.max.toFixed(0)}); ` +
        `longest animation frame between scroll and paint, median ${distribution(loafs)?.median.toFixed(0)} ms ` +
        `(blocking ${blocking?.median.toFixed(0)} ms, max ${Math.max(...loafs).toFixed(0)} ms; ` +
        `0: none over 50 ms or the row there before the scroll), row ${row}'s cards ${all.map((r) => r.cards).join('/')}`,
    );
  }
  await browser.close();
});

/**
 * One run's line: the total, then where it went, from the scroll.
 * @param {Scroll} r
 */
function describe(r) {
  const at = (/** @type {number | null} */ ms) => (ms === null ? '-' : ms.toFixed(0));
  const loaf = r.loaf
    ? `longest frame ${r.loaf.duration.toFixed(0)} ms (blocking ${r.loaf.blocking.toFixed(0)}, scripts ` +
      `${r.loaf.script.toFixed(0)}, style and layout ${r.loaf.styleAndLayout.toFixed(0)}; ${r.loaf.top})`
    : 'no frame over 50 ms';
  return (
    `${r.ms.toFixed(0)} ms: intent ${at(r.intent)}, /model.json ${at(r.requestStart)}–${at(r.requestEnd)}` +
    `${r.fromCache ? ' (HTTP cache)' : ''}, ` +
    `row in DOM ${r.loaded.toFixed(0)}; ${loaf}`
  );
}

/**
 * @typedef {{ ms: number, intent: number | null, requestStart: number | null, requestEnd: number | null,
 *   fromCache: boolean, loaded: number, cards: number, loaf: { duration: number, blocking: number, script: number,
 *   styleAndLayout: number, top: string } | null }} Scroll
 *   ms: from the scroll to the row's cards painted (0: the row was there before it); the others from the
 *   scroll too: the first intent, the row's /model.json request after it (fromCache: answered by the HTTP
 *   cache, the row's data prefetched at idle), the row in the DOM;
 *   loaf: the longest Long Animation Frame between the scroll and the paint (Chromium), its script's
 *   and style and layout's shares and its longest script
 */

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @returns {Promise<Scroll>}
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
        new Promise((resolve, reject) => {
          const section = document.querySelector(`section.row[data-row-index="${index}"]`);
          if (!section) return reject(new Error(`no row ${index} on the page`));
          /** @type {PerformanceEntry[]} */
          const frames = [];
          // Buffered: a frame that ended before the observer was made is seen too (filtered by time below).
          const loafs = new PerformanceObserver((list) => frames.push(...list.getEntries()));
          try {
            loafs.observe({ type: 'long-animation-frame', buffered: true });
          } catch {
            // Not Chromium: no LoAF figure.
          }
          const start = performance.now();
          /** @param {number} at */
          const since = (at) => at - start;
          const row = () => document.querySelector(`section.row[data-row-index="${index}"]`);
          const report = (/** @type {number} */ loaded, /** @type {number} */ painted) => {
            try {
              resolve(figures(loaded, painted));
            } catch (error) {
              reject(error);
            }
          };
          const figures = (/** @type {number} */ loaded, /** @type {number} */ painted) => {
            frames.push(...loafs.takeRecords());
            loafs.disconnect();
            const intent = performance.getEntriesByName('marquee:intent').find((e) => e.startTime >= start);
            // The request that asked for this row (its paths name `["lists",index,`), not another batch's.
            const request = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource')).find(
              (e) =>
                e.name.includes('/model.json') &&
                e.initiatorType !== 'link' &&
                e.startTime >= (intent?.startTime ?? start) &&
                decodeURIComponent(e.name).includes(`["lists",${index},`),
            );
            const inWindow = /** @type {any[]} */ (frames).filter(
              (f) => f.startTime + f.duration > start && f.startTime < painted,
            );
            const longest = inWindow.sort((x, y) => y.duration - x.duration)[0];
            // Copied: an entry's scripts are a frozen array, which sort would throw on.
            const scripts = /** @type {any[]} */ ([...(longest?.scripts ?? [])]);
            const top = scripts.sort((x, y) => y.duration - x.duration)[0];
            return {
              ms: since(painted),
              intent: intent ? since(intent.startTime) : null,
              requestStart: request ? since(request.startTime) : null,
              requestEnd: request ? since(request.responseEnd) : null,
              // Nothing over the network: answered from the HTTP cache (a revalidation transfers headers).
              fromCache: request ? request.transferSize === 0 && request.decodedBodySize > 0 : false,
              loaded: since(loaded),
              cards: row()?.querySelectorAll('.card').length ?? 0,
              loaf: longest
                ? {
                    duration: longest.duration,
                    blocking: longest.blockingDuration,
                    script: scripts.reduce((sum, s) => sum + s.duration, 0),
                    styleAndLayout: longest.styleAndLayoutStart
                      ? longest.startTime + longest.duration - longest.styleAndLayoutStart
                      : 0,
                    top: top ? `${top.invoker} ${Math.round(top.duration)} ms` : '',
                  }
                : null,
            };
          };
          if (section.getAttribute('data-row-state') === 'loaded') return report(start, start);
          // Painted: the frame after the row is in the DOM; then one more, for its frame's LoAF entry to be queued.
          const painted = (/** @type {number} */ loaded) =>
            requestAnimationFrame(() =>
              setTimeout(() => {
                const at = performance.now();
                requestAnimationFrame(() => setTimeout(() => report(loaded, at), 0));
              }, 0),
            );
          // The row's section is replaced when it loads: watch the rows' parent.
          const observer = new MutationObserver(() => {
            if (row()?.getAttribute('data-row-state') === 'loaded') {
              observer.disconnect();
              painted(performance.now());
            }
          });
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
