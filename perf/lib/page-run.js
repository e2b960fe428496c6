// @ts-check
// One fresh page load in headless Chromium: a new browser context (empty
// cache, no cookies: a first visit), the profile's throttling over CDP, the
// in-page figures from window.__marqueePerf once the lab TTI search ends, and
// what went over the network (HTML and JS bytes, requests) from CDP events.
import { applyThrottling, contextOptions } from './throttling.js';
import { GRID_SELECTOR } from '../../client/measure/key-input.js';
import { watchNetwork } from './page-network.js';
import { labTTIEnded } from './lab-tti-end.js';

// What DevTools' Performance panel records, less its costliest parts (screenshots,
// the high-resolution JS sampler, every thread's `toplevel` tasks: on 2 shared
// cores they slow the load itself, and they were half the file),
// plus `loading` (the network's start and end) and user timing (the TTI mark).
export const TRACE_CATEGORIES = [
  '-*',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'loading',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
];

/**
 * @typedef {{
 *   metrics: Record<string, number>,
 *   labTTIStatus: string,
 *   labTTIReason: string | null,
 *   labTTIMethod?: string | null,
 *   longTasks: number | null,
 *   keyInput: number[],
 *   documentResponseEnd: number | null,
 *   htmlBytes: number, htmlTransferBytes: number,
 *   jsBytes: number, jsGzipBytes: number, jsTransferBytes: number,
 *   requests: number,
 *   attribution?: { lcp?: string, inp?: string },
 *   watched?: unknown,
 * }} RunResult
 *   attribution: the LCP element and the slowest interaction's target, as CSS selectors;
 *   watched: what the `watch` option's reader found
 */

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{
 *   url: string,
 *   profile: import('./throttling.js').Profile,
 *   injectScript: string | null,
 *   capMs: number,
 *   pressKeys: boolean,
 *   traceFile?: string | null,
 *   watch?: ((page: import('playwright-core').Page) => () => Promise<unknown>) | null,
 * }} options
 *   traceFile: where to write the run's Chromium performance trace (open it in DevTools › Performance);
 *   watch: called before the navigation (to listen to the page from its start), it returns
 *   the reader called once the lab TTI search has ended, whose answer is the run's `watched`
 * @returns {Promise<RunResult>}
 */
export async function measurePageLoad(
  browser,
  { url, profile, injectScript, capMs, pressKeys, traceFile = null, watch = null },
) {
  const context = await browser.newContext(contextOptions(profile));
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const network = watchNetwork(cdp);
    await applyThrottling(cdp, profile);
    // The cap lives in the page (client/measure/lab-tti.js reads it at start).
    await page.addInitScript(`window.__marqueePerfCapMs = ${Number(capMs)};`);
    if (injectScript) await page.addInitScript(injectScript);
    const readWatched = watch ? watch(page) : null;

    // Tracing costs the page some time itself: compare traced runs with traced runs.
    // The browser's trace, not the page's: a trace scoped to the page missed the
    // navigation when Chromium moved it to a new renderer (a loaded machine, now
    // and then). One page at a time runs in this browser, so nothing else is in it.
    if (traceFile) await browser.startTracing(undefined, { path: traceFile, categories: TRACE_CATEGORIES });
    await page.goto(url, { waitUntil: 'load', timeout: capMs + 60_000 });
    await labTTIEnded(cdp, { timeoutMs: capMs + 15_000 });
    const requests = network.count();
    // Read before the key presses: what the load did, not what the runner did after it.
    const watched = readWatched ? await readWatched() : undefined;
    if (pressKeys) await pressArrowKeys(page);

    const snapshot = await page.evaluate(() => /** @type {any} */ (globalThis).__marqueePerf.snapshot());
    const documentResponseEnd = await page.evaluate(() => {
      const navigation = /** @type {PerformanceNavigationTiming | undefined} */ (
        performance.getEntriesByType('navigation')[0]
      );
      return navigation ? navigation.responseEnd : null;
    });
    // Rows loaded below the fold (client/model.js measures each): their median.
    const loadRow = await page.evaluate(() => {
      const durations = performance
        .getEntriesByName('marquee:loadRow')
        .map((entry) => entry.duration)
        .sort((a, b) => a - b);
      return durations.length > 0 ? durations[Math.floor(durations.length / 2)] : undefined;
    });
    const bytes = await network.bytes();
    if (traceFile) await browser.stopTracing();
    return {
      metrics: snapshot.metrics,
      labTTIStatus: snapshot.labTTIStatus,
      labTTIReason: snapshot.labTTIReason,
      labTTIMethod: snapshot.labTTIMethod,
      longTasks: snapshot.longTasks,
      keyInput: snapshot.keyInput,
      attribution: await attributionOf(page),
      documentResponseEnd,
      ...(loadRow === undefined ? {} : { loadRow }),
      ...(watched === undefined ? {} : { watched }),
      ...bytes,
      requests,
    };
  } finally {
    await context.close();
  }
}

/**
 * Three arrow keys on the card grid, as a viewer would press them, so that
 * key input and INP have something to measure (after TTI: they do not move it).
 * @param {import('playwright-core').Page} page
 */
async function pressArrowKeys(page) {
  const focusable = page.locator(`${GRID_SELECTOR} a[href]`).first();
  if ((await focusable.count()) === 0) return;
  await focusable.focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(150);
  }
  await page.waitForTimeout(300); // Event Timing entries arrive after the paint
}

/**
 * What to look at: the largest contentful paint's element and the slowest
 * interaction's target, read by the runner from the page's buffered entries
 * (the page's own measuring code, sent to every visitor, stays small).
 * @param {import('playwright-core').Page} page
 * @returns {Promise<{ lcp?: string, inp?: string }>}
 */
async function attributionOf(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        /** @param {Element | null | undefined} element */
        const selector = (element) => {
          if (!element) return undefined;
          const id = element.id ? `#${element.id}` : '';
          const classes = [...element.classList].map((name) => `.${name}`).join('');
          const parent = element.parentElement;
          const parentPart = parent
            ? `${parent.tagName.toLowerCase()}${[...parent.classList].map((n) => `.${n}`).join('')} > `
            : '';
          return `${parentPart}${element.tagName.toLowerCase()}${id}${classes}`;
        };
        /** @type {{ lcp?: string, inp?: string }} */
        const found = {};
        const read = (/** @type {string} */ type, /** @type {(entries: any[]) => void} */ use) => {
          try {
            const observer = new PerformanceObserver((list) => use(list.getEntries()));
            observer.observe({ type, buffered: true });
            setTimeout(() => observer.disconnect(), 0);
          } catch {
            // An entry type this browser lacks: nothing to name.
          }
        };
        read('largest-contentful-paint', (entries) => {
          const last = entries.at(-1);
          if (last) found.lcp = selector(last.element) ?? last.url ?? undefined;
        });
        read('event', (entries) => {
          const slowest = entries.filter((e) => e.interactionId).sort((a, b) => b.duration - a.duration)[0];
          if (slowest) found.inp = selector(slowest.target);
        });
        setTimeout(() => resolve(found), 20);
      }),
  );
}
