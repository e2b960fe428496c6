// @ts-check
// One page load of perf:tti --heartbeat-vs in Chromium, where lab TTI can be
// found three ways in the same load: the page's own search (LoAF), and,
// beside it, Long Animation Frames and the heartbeat that Firefox and Safari
// run (client/measure/heartbeat-snippet.js, started here before the page's
// head). Each method's long tasks go through the page's own search
// (client/measure/lab-tti.js) with the same FCP, DCL and requests, so the
// methods differ by their long tasks only, not by the page load or the machine.
import { applyThrottling, contextOptions } from '../../lib/throttling.js';
import { HEARTBEAT_BESIDE_SNIPPET } from '../../../client/measure/heartbeat-snippet.js';
import { findLabTTI, totalBlockingTime } from '../../../client/measure/lab-tti.js';
import { loafAsLongTask } from '../../../client/measure/long-tasks.js';

/** @typedef {'longtask' | 'loaf' | 'heartbeat'} Method */
export const METHODS = /** @type {const} */ (['longtask', 'loaf', 'heartbeat']);
/** A long task this long that the heartbeat has no stall over means it was not beating. */
const SURE_TASK_MS = 100;

// Long Tasks, LoAF and requests from the start, as the page's own search sees
// them (client/measure/lab-tti.js): requests but beacons and failures, by an
// observer (getEntriesByType stops at 250 resources).
const OBSERVE = `(function () {
  var seen = (window.__marqueeFidelity = { longtask: [], loaf: [], requests: [] });
  [['longtask', 'longtask'], ['loaf', 'long-animation-frame'], ['requests', 'resource']].forEach(function (m) {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) {
        // A frame's timings whole: the page counts it by the rule in client/measure/long-tasks.js (loafAsLongTask).
        if (m[0] === 'loaf') return seen.loaf.push([e.startTime, e.duration, e.renderStart, e.blockingDuration]);
        if (m[0] !== 'requests') return seen[m[0]].push(e.startTime, e.startTime + e.duration);
        if (e.initiatorType !== 'beacon' && !(e.responseStatus >= 400)) seen.requests.push(e.startTime, e.responseEnd);
      });
    }).observe({ type: m[1], buffered: true });
  });
})();`;

/**
 * @typedef {{ status: 'found', value: number, tbt: number, longTasks: number } | { status: 'not-found', reason: string, longTasks: number }} MethodResult
 * @typedef {{
 *   methods: Record<Method, MethodResult>,
 *   page: { labTTI: number | null, method: string | null },
 *   sureTasks: number, sureTasksSeen: number,
 * }} FidelityRun
 *   page: the page's own lab TTI and method (LoAF in Chromium: it must agree with that method's row);
 *   sureTasks: Long Tasks of SURE_TASK_MS or more, sureTasksSeen: those the heartbeat has a stall over
 */

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{ url: string, profile: import('../../lib/throttling.js').Profile, capMs: number }} options
 * @returns {Promise<FidelityRun>}
 */
export async function measureFidelityRun(browser, { url, profile, capMs }) {
  const context = await browser.newContext(contextOptions(profile));
  try {
    const page = await context.newPage();
    await applyThrottling(await context.newCDPSession(page), profile);
    await page.addInitScript(`window.__marqueePerfCapMs = ${Number(capMs)};`);
    await page.addInitScript(OBSERVE);
    await page.addInitScript(HEARTBEAT_BESIDE_SNIPPET);
    await page.goto(url, { waitUntil: 'load', timeout: capMs + 60_000 });
    // Until every method has found lab TTI, or the cap: the heartbeat may find it later than the page.
    for (;;) {
      const read = await readPage(page);
      const methods = searchAll(read);
      const done = METHODS.every((m) => methods[m].status === 'found') && read.page.status !== 'pending';
      if (done || read.now >= capMs) {
        // LoAF since issue 37, Long Tasks where Chromium lacks it: either is a row here to agree with.
        if (read.page.method !== 'loaf' && read.page.method !== 'longtask')
          throw new Error(
            `the page measured lab TTI by ${read.page.method ?? 'nothing'}, not LoAF or Long Tasks: --heartbeat-vs needs Chromium's beside the heartbeat`,
          );
        const sure = pairs(read.longtask).filter((t) => t.end - t.start >= SURE_TASK_MS);
        const stalls = pairs(read.heartbeat);
        return {
          methods,
          page: { labTTI: read.page.labTTI, method: read.page.method },
          sureTasks: sure.length,
          sureTasksSeen: sure.filter((t) => stalls.some((s) => s.start < t.end && s.end > t.start)).length,
        };
      }
      await page.waitForTimeout(1000); // a slow poll: each read is a task on the page's main thread
    }
  } finally {
    await context.close();
  }
}

/** @param {import('playwright-core').Page} page */
function readPage(page) {
  return page.evaluate(() => {
    const w = /** @type {any} */ (globalThis);
    const navigation = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
    const snapshot = w.__marqueePerf?.snapshot();
    return {
      now: performance.now(),
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      dcl: navigation.domContentLoadedEventEnd,
      documentEnd: navigation.responseEnd,
      requests: /** @type {number[]} */ (w.__marqueeFidelity.requests),
      longtask: /** @type {number[]} */ (w.__marqueeFidelity.longtask),
      loaf: /** @type {number[][]} */ (w.__marqueeFidelity.loaf),
      heartbeat: /** @type {number[]} */ (w.__marqueeHeartbeat?.stalls ?? []),
      page: {
        status: /** @type {string} */ (snapshot?.labTTIStatus ?? 'pending'),
        labTTI: snapshot?.metrics?.labTTI ?? null,
        method: snapshot?.labTTIMethod ?? null,
      },
    };
  });
}

/**
 * @param {Awaited<ReturnType<typeof readPage>>} read
 * @returns {Record<Method, MethodResult>}
 */
function searchAll(read) {
  const entries = METHODS.map((method) => {
    const longTasks = (method === 'loaf' ? framesAsLongTasks(read.loaf) : pairs(read[method])).sort(
      (a, b) => a.start - b.start,
    );
    if (read.fcp === null) return [method, { status: 'not-found', reason: 'no-fcp', longTasks: longTasks.length }];
    const requests = [{ start: 0, end: read.documentEnd }, ...pairs(read.requests)];
    const found = findLabTTI({ longTasks, requests, fcp: read.fcp, dcl: read.dcl, now: read.now });
    return [
      method,
      'value' in found
        ? {
            status: 'found',
            value: found.value,
            tbt: totalBlockingTime(longTasks, read.fcp, found.value),
            longTasks: longTasks.length,
          }
        : { status: 'not-found', reason: found.reason, longTasks: longTasks.length },
    ];
  });
  return /** @type {Record<Method, MethodResult>} */ (Object.fromEntries(entries));
}

/** @param {number[]} flat [start, end, start, end, ...] */
function pairs(flat) {
  /** @type {import('../../../client/measure/lab-tti.js').Period[]} */
  const periods = [];
  for (let i = 0; i + 1 < flat.length; i += 2) periods.push({ start: flat[i], end: flat[i + 1] });
  return periods;
}

/**
 * The page's own rule for a Long Animation Frame (a frame counts only for the long task or long rendering it holds).
 * @param {number[][]} frames [startTime, duration, renderStart, blockingDuration] each
 */
function framesAsLongTasks(frames) {
  return frames
    .map(([startTime, duration, renderStart, blockingDuration]) =>
      loafAsLongTask(/** @type {any} */ ({ startTime, duration, renderStart, blockingDuration })),
    )
    .filter((period) => period !== null);
}
