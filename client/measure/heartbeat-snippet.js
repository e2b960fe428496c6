// @ts-check
/**
 * The heartbeat: where the browser offers neither the Long Tasks API
 * (https://w3c.github.io/longtasks/) nor Long Animation Frames
 * (https://w3c.github.io/long-animation-frames/), i.e. Firefox and Safari,
 * the page times its own frames. A requestAnimationFrame loop runs once per
 * frame (about 16.7 ms) while the main thread is free; a gap past
 * HEARTBEAT_STALL_MS between two frames is a stall: a task (or a frame's own
 * rendering) that held the thread, as a long task would have been reported.
 * client/measure/long-tasks.js hands the stalls to the lab TTI search, which
 * stops the loop once TTI is found.
 *
 * Inline in the page head (views/page.hbs, the `heartbeat` partial that
 * server/app.js registers), before any script of the app: the tasks that
 * matter (parse, hydration) run before the measurement module loads, and
 * frames, unlike long tasks, have no buffered record to read afterwards.
 * Plain, hand-written ES2017 so the page carries it as is (no build step).
 * Why frames and not a MessageChannel or setTimeout loop: a message loop keeps
 * the thread always busy (requestIdleCallback, client/idle.js, would never
 * run); Firefox defers timers while a page loads (dom.timeout.defer_during_load),
 * which would read as stalls.
 */

/**
 * Four frames at 60 Hz: a 50 ms task always leaves a gap of at least four
 * frames (66.7 ms); three frames (50 ms) is what a 34-50 ms task leaves, and
 * is not a long task.
 */
export const HEARTBEAT_STALL_MS = 60;
/** The loop stops itself past this even if no measurement ever loads. */
export const HEARTBEAT_CAP_MS = 60_000;

// window.__marqueeHeartbeat.stalls: flat [start, end, start, end, ...] in
// performance.now() time, so each stall costs two numbers and no object.
export const HEARTBEAT_SNIPPET = `(function () {
  var types = PerformanceObserver.supportedEntryTypes || [];
  if (window.__marqueeHeartbeat || types.indexOf('longtask') >= 0 || types.indexOf('long-animation-frame') >= 0) return;
  var stalls = [];
  var last = performance.now();
  var on = true;
  function beat() {
    var now = performance.now();
    if (now - last > ${HEARTBEAT_STALL_MS}) stalls.push(last, now);
    last = now;
    if (on && now < ${HEARTBEAT_CAP_MS}) requestAnimationFrame(beat);
  }
  // A hidden page gets no frames: its silence is no stall.
  addEventListener('visibilitychange', function () { last = performance.now(); });
  window.__marqueeHeartbeat = { stalls: stalls, stop: function () { on = false; } };
  requestAnimationFrame(beat);
})();`;
