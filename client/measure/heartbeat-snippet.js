// @ts-check
/**
 * The heartbeat: where the browser offers neither the Long Tasks API
 * (https://w3c.github.io/longtasks/) nor Long Animation Frames
 * (https://w3c.github.io/long-animation-frames/), i.e. Firefox and Safari,
 * the page times its own main thread. Two loops beat while the thread is free:
 * a requestAnimationFrame loop (about every 16.7 ms) until the load event,
 * and a setTimeout loop (every HEARTBEAT_TICK_MS) throughout. A gap past
 * HEARTBEAT_STALL_MS with no beat of either is a stall: a task (or a frame's
 * own rendering) that held the thread, as a long task would have been reported.
 * client/measure/long-tasks.js hands the stalls to the lab TTI search, which
 * stops both loops once TTI is found.
 *
 * Inline in the page head (views/page.hbs, the `heartbeat` partial), before
 * any script of the app: the tasks that matter (parse, hydration) run before
 * the measurement module loads, and beats, unlike long tasks, have no buffered
 * record to read afterwards. The client build writes its text into
 * manifest.json (client/build/inline-scripts.js), where the server reads it.
 * Plain, hand-written ES2017 so the page carries it as is (not transpiled).
 * Why two loops:
 * - frames alone read as stalls what is not the page's main thread: a frame
 *   the compositor is late with (headless Firefox under load held frames for
 *   60-300 ms while timers ran), an image decoding; a timer in between says
 *   the thread was free;
 * - timers alone miss the load: Firefox defers timers while a page loads
 *   (dom.timeout.defer_during_load), which would read as stalls; frames cover it;
 * - frames cost a rendering step each (perf:heartbeat-cost), so they stop at
 *   the load event;
 * - a MessageChannel loop would keep the thread always busy
 *   (requestIdleCallback, client/idle.js, would never run).
 */

/** A beat every 16 ms, as often as frames: a stall ends at most that late. */
export const HEARTBEAT_TICK_MS = 16;
/**
 * A gap holds the task and the wait before it for the next beat: a 50 ms task
 * leaves a gap of 50 ms or more; 60 ms keeps a 40-45 ms task begun just after
 * a beat from counting as a long task.
 */
export const HEARTBEAT_STALL_MS = 60;
/** The loops stop themselves past this even if no measurement ever loads. */
export const HEARTBEAT_CAP_MS = 60_000;

// window.__marqueeHeartbeat.stalls: flat [start, end, start, end, ...] in
// performance.now() time, so each stall costs two numbers and no object.
const LOOPS = `
  var stalls = [];
  var last = performance.now();
  var on = true;
  function beat() {
    var now = performance.now();
    if (now - last > ${HEARTBEAT_STALL_MS}) stalls.push(last, now);
    last = now;
    return on && now < ${HEARTBEAT_CAP_MS};
  }
  function frame() {
    if (beat() && document.readyState !== 'complete') requestAnimationFrame(frame);
  }
  function tick() {
    if (beat()) setTimeout(tick, ${HEARTBEAT_TICK_MS});
  }
  // A hidden page gets no frames and slow timers: its silence is no stall.
  addEventListener('visibilitychange', function () { last = performance.now(); });
  window.__marqueeHeartbeat = { stalls: stalls, stop: function () { on = false; } };
  requestAnimationFrame(frame);
  setTimeout(tick, ${HEARTBEAT_TICK_MS});`;

/** The page head's: the loops only where neither Long Tasks nor LoAF exist. */
export const HEARTBEAT_SNIPPET = `(function () {
  var types = PerformanceObserver.supportedEntryTypes || [];
  if (window.__marqueeHeartbeat || types.indexOf('longtask') >= 0 || types.indexOf('long-animation-frame') >= 0) return;${LOOPS}
})();`;

/**
 * The same loops whatever the browser offers: perf:tti --heartbeat-vs starts
 * them before the page's head (which then starts none), so that in Chromium
 * one page load is measured by the heartbeat, Long Tasks and LoAF at once.
 */
export const HEARTBEAT_BESIDE_SNIPPET = `(function () {
  if (window.__marqueeHeartbeat) return;${LOOPS}
})();`;
