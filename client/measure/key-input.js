// @ts-check
/**
 * Key input responsiveness: per key press on the card grid, the time from
 * keydown to the next paint (Netflix, "Crafting a high-performance TV user
 * interface using React", 2017,
 * https://netflixtechblog.com/crafting-a-high-performance-tv-user-interface-using-react-3350e5a6ad3b:
 * key input responsiveness, TTI, frame rate and memory are the TV UI's
 * performance metrics).
 * Event Timing (https://w3c.github.io/event-timing/) gives exactly that, from
 * the hardware timestamp to the next paint, but only for events of 16 ms and
 * more; for quicker presses, and browsers without it, requestAnimationFrame
 * then setTimeout approximates "after the next paint" (the rAF callback runs
 * just before the frame is painted; a task queued from it runs after).
 * Thresholds: good ≤ 100 ms (RAIL's response budget,
 * https://web.dev/articles/rail), poor > 200 ms (INP's "good" limit).
 */

/** @type {[number, number]} */
export const KEY_INPUT_THRESHOLDS = [100, 200];

/** The card grid (shared/components/HomePage.jsx), where arrow keys move between cards. */
export const GRID_SELECTOR = '.rows';

/** Presses measured per page view (the beacon carries at most 100). */
export const MAX_KEY_PRESSES = 100;

/**
 * Calls back per key press with its index and latency; may call again for the
 * same index when the more exact Event Timing figure arrives.
 * @param {(press: { index: number, ms: number, source: 'event-timing' | 'raf' }) => void} callback
 */
export function onKeyInput(callback) {
  /** @type {Map<number, number>} keydown timeStamp → press index */
  const presses = new Map();
  let count = 0;

  if (PerformanceObserver.supportedEntryTypes?.includes('event')) {
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name !== 'keydown') continue;
        // An Event Timing entry's startTime is the event's timeStamp.
        const index = presses.get(Math.round(entry.startTime));
        if (index !== undefined) callback({ index, ms: entry.duration, source: 'event-timing' });
      }
    });
    observer.observe({ type: 'event', durationThreshold: 16, buffered: false });
  }

  document.addEventListener(
    'keydown',
    (event) => {
      const target = /** @type {Element | null} */ (event.target);
      // Untrusted: a press replayed by client/keyboard/on-demand.js, already
      // counted when the person pressed it. Such a held press is measured to
      // the paint after the keydown, not after the replayed move (a limit).
      if (!event.isTrusted || count >= MAX_KEY_PRESSES || !target?.closest?.(GRID_SELECTOR)) return;
      const index = count++;
      const start = event.timeStamp;
      presses.set(Math.round(start), index);
      requestAnimationFrame(() => {
        setTimeout(() => callback({ index, ms: performance.now() - start, source: 'raf' }), 0);
      });
    },
    // Capture and passive: seen even if the app stops propagation, never delays it.
    { capture: true, passive: true },
  );
}
