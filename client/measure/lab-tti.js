// @ts-check
/**
 * Lab TTI, as Lighthouse defines it (core/computed/metrics/interactive.js,
 * https://github.com/GoogleChrome/lighthouse/blob/main/core/computed/metrics/interactive.js):
 * the end of the last long task (≥ 50 ms) before a 5 s window with no long
 * task and at most 2 GET requests in flight, never earlier than FCP or
 * DOMContentLoaded. The window must end after FCP + 5 s (Lighthouse's
 * findOverlappingQuietPeriods: `period.end > FcpTsInMs + REQUIRED_QUIET_WINDOW`).
 * Plus Total Blocking Time over [FCP, TTI] (Lighthouse core/lib/tbt-utils.js,
 * https://github.com/GoogleChrome/lighthouse/blob/main/core/lib/tbt-utils.js):
 * the sum of each long task's part beyond 50 ms, tasks clipped to the range.
 * Thresholds (Lighthouse mobile scoring): TTI good ≤ 3.8 s, poor > 7.3 s;
 * TBT good ≤ 200 ms, poor > 600 ms.
 *
 * In the page, long tasks come from the Long Tasks API, Long Animation
 * Frames or the page's own frame heartbeat (./long-tasks.js, which names the
 * method) and requests from Resource Timing
 * (https://w3c.github.io/resource-timing/) instead of a trace; the search
 * resolves only once a whole quiet window has passed, so it has a cap.
 */
import { observeLongTasks } from './long-tasks.js';
import { measurementAskedAt, ownLoad, withoutOwnLoad } from './own-load.js';

export const LONG_TASK_MS = 50;
export const QUIET_WINDOW_MS = 5000;
export const ALLOWED_CONCURRENT_REQUESTS = 2;
export const DEFAULT_CAP_MS = 30_000;
/** @type {[number, number]} */
export const LAB_TTI_THRESHOLDS = [3800, 7300];
/** @type {[number, number]} */
export const TBT_THRESHOLDS = [200, 600];

/** @typedef {{ start: number, end: number }} Period */
/**
 * @typedef {import('./long-tasks.js').LongTaskMethod} LongTaskMethod
 * @typedef {{ status: 'found', value: number, tbt: number, longTasks: number, method: LongTaskMethod }
 *   | { status: 'not-found', reason: 'cpu' | 'network' | 'no-fcp', longTasks: number, method: LongTaskMethod }
 *   | { status: 'unsupported' }} LabTTIResult
 */

/**
 * Periods with at most `allowed` requests in flight (Lighthouse's
 * NetworkMonitor.findNetworkQuietPeriods), up to `endTime`.
 * @param {Period[]} requests
 * @param {number} allowed
 * @param {number} endTime
 * @returns {Period[]}
 */
export function networkQuietPeriods(requests, allowed, endTime) {
  const boundaries = requests
    .flatMap((r) => [
      { time: r.start, isStart: true },
      { time: r.end, isStart: false },
    ])
    .filter((b) => b.time <= endTime)
    .sort((a, b) => a.time - b.time);
  let inflight = 0;
  let quietStart = 0;
  /** @type {Period[]} */
  const quiet = [];
  for (const boundary of boundaries) {
    if (boundary.isStart) {
      if (inflight === allowed) quiet.push({ start: quietStart, end: boundary.time });
      inflight += 1;
    } else {
      inflight -= 1;
      if (inflight === allowed) quietStart = boundary.time;
    }
  }
  if (inflight <= allowed) quiet.push({ start: quietStart, end: endTime });
  return quiet.filter((p) => p.start !== p.end);
}

/**
 * Gaps between long tasks, up to `endTime`.
 * @param {Period[]} longTasks sorted by start
 * @param {number} endTime
 * @returns {Period[]}
 */
export function cpuQuietPeriods(longTasks, endTime) {
  if (longTasks.length === 0) return [{ start: 0, end: endTime }];
  /** @type {Period[]} */
  const quiet = [{ start: 0, end: longTasks[0].start }];
  longTasks.forEach((task, i) => {
    quiet.push({ start: task.end, end: i + 1 < longTasks.length ? longTasks[i + 1].start : endTime });
  });
  return quiet;
}

/**
 * The Lighthouse search over what is known at `now`.
 * @param {{ longTasks: Period[], requests: Period[], fcp: number, dcl: number, now: number }} input
 * @returns {{ value: number } | { reason: 'cpu' | 'network' }}
 */
export function findLabTTI({ longTasks, requests, fcp, dcl, now }) {
  const longEnough = (/** @type {Period} */ p) => p.end > fcp + QUIET_WINDOW_MS && p.end - p.start >= QUIET_WINDOW_MS;
  const cpuQueue = cpuQuietPeriods(longTasks, now).filter(longEnough);
  const networkQueue = networkQuietPeriods(requests, ALLOWED_CONCURRENT_REQUESTS, now).filter(longEnough);
  let cpu = cpuQueue.shift();
  let network = networkQueue.shift();
  while (cpu && network) {
    if (cpu.start >= network.start) {
      if (network.end >= cpu.start + QUIET_WINDOW_MS) return { value: Math.max(cpu.start, fcp, dcl) };
      network = networkQueue.shift();
    } else {
      if (cpu.end >= network.start + QUIET_WINDOW_MS) return { value: Math.max(cpu.start, fcp, dcl) };
      cpu = cpuQueue.shift();
    }
  }
  return { reason: cpu ? 'network' : 'cpu' };
}

/**
 * Total Blocking Time over [start, end] (Lighthouse calculateSumOfBlockingTime).
 * @param {Period[]} longTasks
 * @param {number} start
 * @param {number} end
 */
export function totalBlockingTime(longTasks, start, end) {
  let sum = 0;
  for (const task of longTasks) {
    const clipped = Math.min(task.end, end) - Math.max(task.start, start);
    if (clipped > LONG_TASK_MS) sum += clipped - LONG_TASK_MS;
  }
  return sum;
}

/**
 * Watches the page and calls back once: with lab TTI and TBT when a quiet
 * window has passed, or `not-found` at the cap.
 * @param {(result: LabTTIResult) => void} callback
 * @param {{ capMs?: number }} [options]
 */
export function onLabTTI(callback, { capMs = DEFAULT_CAP_MS } = {}) {
  const asked = measurementAskedAt();
  const source = observeLongTasks();
  if (!source) {
    callback({ status: 'unsupported' }); // no Long Tasks, no LoAF, no heartbeat in the head
    return;
  }
  const { method } = source;
  /** @type {Period[]} */
  const requests = [];
  // An observer sees every entry, even past the 250-entry Resource Timing
  // buffer that getEntriesByType silently stops filling.
  const resourceObserver = new PerformanceObserver((list) => {
    for (const e of /** @type {PerformanceResourceTiming[]} */ (list.getEntries())) {
      // Beacons are POSTs, and 4xx/5xx count as failed, as in Lighthouse. Other
      // methods are invisible to Resource Timing: a POST fetch counts as a GET.
      if (e.initiatorType === 'beacon' || /** @type {any} */ (e).responseStatus >= 400) continue;
      requests.push({ start: e.startTime, end: e.responseEnd });
    }
  });
  resourceObserver.observe({ type: 'resource', buffered: true });

  const check = () => {
    const now = performance.now();
    const navigation = /** @type {PerformanceNavigationTiming | undefined} */ (
      performance.getEntriesByType('navigation')[0]
    );
    const fcp = performance.getEntriesByName('first-contentful-paint', 'paint')[0]?.startTime;
    const longTasks = withoutOwnLoad(source.read(), ownLoad(asked, source.buffered()));
    // Resource Timing lists a request only once it has finished; waiting for
    // the load event keeps the page's own subresources from being missed.
    if (fcp !== undefined && navigation && document.readyState === 'complete') {
      const page = { start: 0, end: navigation.responseEnd };
      const found = findLabTTI({
        longTasks,
        requests: [page, ...requests],
        fcp,
        dcl: navigation.domContentLoadedEventEnd,
        now,
      });
      if ('value' in found)
        return finish({
          status: 'found',
          value: found.value,
          tbt: totalBlockingTime(longTasks, fcp, found.value),
          longTasks: longTasks.length,
          method,
        });
      if (now >= capMs)
        return finish({ status: 'not-found', reason: found.reason, longTasks: longTasks.length, method });
    } else if (now >= capMs) {
      return finish({ status: 'not-found', reason: 'no-fcp', longTasks: longTasks.length, method });
    }
    setTimeout(check, 1000); // one cheap check a second: never a long task itself
  };
  /** @param {LabTTIResult} result */
  const finish = (result) => {
    source.stop();
    resourceObserver.disconnect();
    callback(result);
  };
  // Not at once: the buffered entries reach the observers in a task of their own, and a
  // search started a quiet window after the load (perf:tti's, ../lab-run.js) would find
  // no long task at all before them.
  setTimeout(check, 1000);
}
