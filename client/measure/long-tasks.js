// @ts-check
/**
 * Where lab TTI's long tasks come from, best source first:
 * - `longtask`: the Long Tasks API (https://w3c.github.io/longtasks/), what
 *   Lighthouse's trace events correspond to; Chromium.
 * - `loaf`: Long Animation Frames (https://w3c.github.io/long-animation-frames/),
 *   frames of 50 ms or more, for an engine that has them without Long Tasks.
 * - `heartbeat`: the page's own frame timing (./heartbeat-snippet.js, inline in
 *   the head), for the engines with neither (Firefox, Safari).
 * Both APIs keep a buffer for a buffered observer, so tasks from before this
 * module loaded (parse, hydration) are not lost; the heartbeat has recorded
 * since the head.
 */

/** @typedef {'longtask' | 'loaf' | 'heartbeat'} LongTaskMethod */
/** @typedef {import('./lab-tti.js').Period} Period */

/**
 * @returns {{ method: LongTaskMethod, read: () => Period[], stop: () => void } | null}
 *   read: the tasks so far, sorted by start; null when nothing can tell
 */
export function observeLongTasks() {
  const types = PerformanceObserver.supportedEntryTypes ?? [];
  for (const [method, type] of /** @type {const} */ ([
    ['longtask', 'longtask'],
    ['loaf', 'long-animation-frame'],
  ])) {
    if (!types.includes(type)) continue;
    /** @type {Period[]} */
    const tasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push({ start: e.startTime, end: e.startTime + e.duration });
      tasks.sort((a, b) => a.start - b.start);
    });
    observer.observe({ type, buffered: true });
    return { method, read: () => tasks, stop: () => observer.disconnect() };
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
  };
}
