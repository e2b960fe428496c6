// @ts-check
/**
 * Where lab TTI's long tasks come from, best source first:
 * - `loaf`: Long Animation Frames (https://w3c.github.io/long-animation-frames/),
 *   the frames holding a task of 50 ms or more or a rendering (style, layout,
 *   paint) that long, as Lighthouse's trace counts them (loafAsLongTask); Chromium. Pitfall: Long
 *   Tasks leave rendering out, and put Chromium's lab TTI at 0.82x Lighthouse's
 *   on mobile (issue 37).
 * - `longtask`: the Long Tasks API (https://w3c.github.io/longtasks/), script
 *   tasks only: the fallback where LoAF is missing.
 * - `heartbeat`: the page's own frame timing (./heartbeat-snippet.js, inline in
 *   the head), for the engines with neither (Firefox, Safari).
 * Both APIs keep a buffer for a buffered observer, so tasks from before this
 * module loaded (parse, hydration) are not lost; the heartbeat has recorded
 * since the head.
 */

/** @typedef {'longtask' | 'loaf' | 'heartbeat'} LongTaskMethod */
/** @typedef {import('./lab-tti.js').Period} Period */

/**
 * @typedef {{ startTime: number, duration: number, blockingDuration: number, renderStart: number }} LoAFEntry
 *   the fields of a PerformanceLongAnimationFrameTiming read here
 */

// lab-tti.js's threshold, not imported from it: it imports this module.
const LONG_TASK_MS = 50;

/** @param {{ startTime: number, duration: number }} entry */
const asPeriod = (entry) => ({ start: entry.startTime, end: entry.startTime + entry.duration });

/**
 * A long animation frame as the long tasks Lighthouse's trace sees in it, or
 * null when it holds none. Pitfall: a frame is every task between two
 * renderings, so short tasks in a row (hydration's slices, image decodes) make
 * a frame of 50 ms or more where the trace has no long task: counted whole, they
 * put the in-page lab TTI at 1.7x Lighthouse's on desktop (issue 37). The
 * frame's blockingDuration adds its rendering to its longest task; without it,
 * what remains is the tasks' own time over 50 ms, and the rendering (one task
 * of its own in the trace) counts when it alone is long.
 * @param {LoAFEntry} entry
 * @returns {Period | null} ends with the frame; as long as its blocking time + 50 ms, so TBT adds that blocking
 */
export function loafAsLongTask(entry) {
  const end = entry.startTime + entry.duration;
  const rendering = entry.renderStart > 0 ? end - entry.renderStart : 0;
  const blocking = Math.max(0, entry.blockingDuration - rendering) + Math.max(0, rendering - LONG_TASK_MS);
  return blocking > 0 ? { start: end - blocking - LONG_TASK_MS, end } : null;
}

/** The browser's entry type for each API method, best first. */
const API_METHODS = /** @type {const} */ ([
  ['loaf', 'long-animation-frame'],
  ['longtask', 'longtask'],
]);

/**
 * @returns {{ method: LongTaskMethod, read: () => Period[], stop: () => void, buffered: () => number | null } | null}
 *   read: the tasks so far, sorted by start; buffered: when the buffered entries were handed
 *   over (a task of measurement's own, ./lab-tti.js withoutOwnLoad), null before; null when nothing can tell
 */
export function observeLongTasks() {
  const types = PerformanceObserver.supportedEntryTypes ?? [];
  for (const [method, type] of API_METHODS) {
    if (!types.includes(type)) continue;
    /** @type {Period[]} */
    const tasks = [];
    /** @type {number | null} */
    let buffered = null;
    const observer = new PerformanceObserver((list) => {
      buffered ??= performance.now();
      for (const e of list.getEntries()) {
        const task =
          method === 'loaf' ? loafAsLongTask(/** @type {LoAFEntry} */ (/** @type {unknown} */ (e))) : asPeriod(e);
        if (task) tasks.push(task);
      }
      tasks.sort((a, b) => a.start - b.start);
    });
    observer.observe({ type, buffered: true });
    return { method, read: () => tasks, stop: () => observer.disconnect(), buffered: () => buffered };
  }
  const heartbeat = /** @type {{ stalls: number[], stop: () => void } | undefined} */ (
    /** @type {any} */ (window).__marqueeHeartbeat
  );
  if (!heartbeat) return null;
  return {
    method: 'heartbeat',
    read: () => {
      /** @type {Period[]} */
      const tasks = [];
      for (let i = 0; i + 1 < heartbeat.stalls.length; i += 2)
        tasks.push({ start: heartbeat.stalls[i], end: heartbeat.stalls[i + 1] });
      return tasks;
    },
    stop: heartbeat.stop,
    buffered: () => null, // read from the page's own record: no delivery of its own
  };
}
