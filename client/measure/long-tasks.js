// @ts-check
/**
 * Where lab TTI's long tasks come from, best source first:
 * - `loaf`: Long Animation Frames (https://w3c.github.io/long-animation-frames/),
 *   frames of 50 ms or more, rendering included (style, layout, paint), as
 *   Lighthouse's trace and the heartbeat count them; Chromium. Pitfall: Long
 *   Tasks leave rendering out, and put Chromium's lab TTI at 0.82x Lighthouse's
 *   on mobile (issue 37).
 * - `longtask`: the Long Tasks API (https://w3c.github.io/longtasks/), script
 *   tasks only: the fallback, and for one release the second figure beside LoAF's.
 * - `heartbeat`: the page's own frame timing (./heartbeat-snippet.js, inline in
 *   the head), for the engines with neither (Firefox, Safari).
 * Both APIs keep a buffer for a buffered observer, so tasks from before this
 * module loaded (parse, hydration) are not lost; the heartbeat has recorded
 * since the head.
 */

/** @typedef {'longtask' | 'loaf' | 'heartbeat'} LongTaskMethod */
/** @typedef {import('./lab-tti.js').Period} Period */

/** The browser's entry type for each API method, best first. */
const API_METHODS = /** @type {const} */ ([
  ['loaf', 'long-animation-frame'],
  ['longtask', 'longtask'],
]);

/**
 * Whether the browser offers `method` through its Performance Timeline.
 * @param {'loaf' | 'longtask'} method
 */
export function offers(method) {
  const type = API_METHODS.find(([m]) => m === method)?.[1];
  return Boolean(type && (PerformanceObserver.supportedEntryTypes ?? []).includes(type));
}

/**
 * @param {'loaf' | 'longtask'} [only] this API method and no other (the second figure's)
 * @returns {{ method: LongTaskMethod, read: () => Period[], stop: () => void } | null}
 *   read: the tasks so far, sorted by start; null when nothing can tell
 */
export function observeLongTasks(only) {
  const types = PerformanceObserver.supportedEntryTypes ?? [];
  for (const [method, type] of API_METHODS) {
    if (!types.includes(type) || (only && method !== only)) continue;
    /** @type {Period[]} */
    const tasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push({ start: e.startTime, end: e.startTime + e.duration });
      tasks.sort((a, b) => a.start - b.start);
    });
    observer.observe({ type, buffered: true });
    return { method, read: () => tasks, stop: () => observer.disconnect() };
  }
  if (only) return null;
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
  };
}
