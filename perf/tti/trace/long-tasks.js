// @ts-check
// The long tasks of a trace's page (perf/tti/trace/window.js): the main
// thread's top-level tasks over LONG_TASK_MS, each with the longest traced work
// inside it and that work's script.

import { sampledScripts } from './samples.js';

export const LONG_TASK_MS = 50;
// Work a long task is made of, named in the summary: the longest one inside the task.
const WORK = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'FunctionCall',
  'ParseHTML',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'V8.GC_MARK_COMPACTOR',
]);
// Frames around any task's work: never the answer to "what was it doing".
const WRAPPERS = new Set(['ThreadControllerImpl::RunTask', 'Receive mojo message', 'Receive mojo reply', 'RunTask']);

/**
 * @typedef {import('./window.js').TraceEvent} TraceEvent
 * @typedef {import('./window.js').LongTask} LongTask
 */

/**
 * Top-level tasks of the page's main thread (the navigation's) over LONG_TASK_MS.
 * @param {TraceEvent[]} events
 * @param {TraceEvent} navigation
 * @param {(ts: number) => number} msOf
 * @returns {LongTask[]}
 */
export function longTasksOf(events, navigation, msOf) {
  const onMain = events
    .filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts);
  const sampled = sampledScripts(events, navigation);
  /** @type {LongTask[]} */
  const tasks = [];
  let taskEnd = -Infinity;
  for (const task of onMain) {
    if (task.name !== 'RunTask' || task.ts < taskEnd) continue; // a task nested in one already seen
    taskEnd = task.ts + /** @type {number} */ (task.dur);
    if (/** @type {number} */ (task.dur) / 1000 <= LONG_TASK_MS) continue;
    const inside = onMain.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + /** @type {number} */ (e.dur) <= taskEnd,
    );
    // Else the longest event that is not a wrapper (e.g. V8.StackGuard); none: the thread
    // was busy with nothing traced (or descheduled: the cores are shared).
    const work =
      longest(inside.filter((e) => WORK.has(e.name))) ?? longest(inside.filter((e) => !WRAPPERS.has(e.name)));
    const withUrl = work && (urlOf(work) ? work : longest(inside.filter((e) => within(e, work) && urlOf(e))));
    const samples = withUrl ? null : sampled(task.ts, taskEnd);
    tasks.push({
      startMs: msOf(task.ts),
      durationMs: /** @type {number} */ (task.dur) / 1000,
      work: work?.name ?? null,
      workMs: work ? /** @type {number} */ (work.dur) / 1000 : 0,
      url: withUrl ? urlOf(withUrl) : (samples?.url ?? null),
      sampledShare: samples ? samples.share : null,
    });
  }
  return tasks;
}

/** @param {TraceEvent[]} events */
function longest(events) {
  return events.reduce(
    (best, e) => (best === null || /** @type {number} */ (e.dur) > /** @type {number} */ (best.dur) ? e : best),
    /** @type {TraceEvent | null} */ (null),
  );
}

/** @param {TraceEvent} e @param {TraceEvent} outer */
function within(e, outer) {
  return e.ts >= outer.ts && e.ts + /** @type {number} */ (e.dur) <= outer.ts + /** @type {number} */ (outer.dur);
}

/** @param {TraceEvent} e @returns {string | null} */
function urlOf(e) {
  return e.args?.data?.url || e.args?.beginData?.url || e.args?.fileName || null;
}
