// @ts-check
// Runs work the page does not need to become interactive once the main thread
// is idle, so it never stands between the visitor and a usable page.

/** Idle may never come on a busy page: the work runs by then anyway. */
export const IDLE_TIMEOUT_MS = 3000;

/**
 * Calls `work` in an idle period (requestIdleCallback), or after a timeout
 * where the browser has none (Safari before 18).
 * @param {() => void} work
 * @param {{ timeout?: number }} [options]
 */
export function whenIdle(work, { timeout = IDLE_TIMEOUT_MS } = {}) {
  // Pitfall: work started right after hydration (Falcor, measurement, navigation)
  // ran inside the window that decides TTI; at idle it runs after it.
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout });
  else setTimeout(work, 1);
}
