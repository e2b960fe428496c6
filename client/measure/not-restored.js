// @ts-check
// Why the back/forward cache did not restore this page, when the visitor came
// Back and got a reload instead: the browser's own reasons
// (https://developer.mozilla.org/docs/Web/API/PerformanceNavigationTiming/notRestoredReasons,
// Chromium 123+), for this frame and any frame in it, de-duplicated. The
// server counts them per route (server/field-metrics/not-restored.js).

/** A tree of frames holds at most this many reasons worth sending. */
const MAX_REASONS = 20;

/**
 * @param {PerformanceNavigationTiming | undefined} navigation
 * @returns {string[] | undefined} undefined where the browser says nothing (not a Back, or no such API)
 */
export function notRestoredReasons(navigation) {
  const tree = /** @type {any} */ (navigation)?.notRestoredReasons;
  if (navigation?.type !== 'back_forward' || !tree) return undefined;
  /** @type {Set<string>} */
  const reasons = new Set();
  const walk = (/** @type {any} */ frame) => {
    // Chromium 123-124 listed strings, later ones { reason } objects.
    for (const one of frame?.reasons ?? []) reasons.add(typeof one === 'string' ? one : String(one?.reason));
    for (const child of frame?.children ?? []) walk(child);
  };
  walk(tree);
  return [...reasons].slice(0, MAX_REASONS);
}
