// @ts-check
// Fetches, once the main thread is idle, the chunks the visitor's first intent
// will run (Falcor's model, navigation, measurement, the linked pages), network
// only: `<link rel="prefetch">` puts them in the HTTP cache and evaluates
// nothing, so the first intent pays for evaluation and not for a round trip
// (issue 37), and the window that decides TTI holds no task of Marquee's.

/** Idle may never come on a busy page: the fetch starts by then anyway. */
export const IDLE_TIMEOUT_MS = 3000;

/**
 * Calls `work` in an idle period (requestIdleCallback), or after a timeout
 * where the browser has none (Safari before 18).
 * @param {() => void} work
 * @param {{ timeout?: number }} [options]
 */
export function whenIdle(work, { timeout = IDLE_TIMEOUT_MS } = {}) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout });
  else setTimeout(work, 1);
}

/**
 * Prefetches `urls` at idle, network only; skipped where the visitor saves data.
 * @param {string[]} urls the build's chunks for the first intent (client/build/manifest.js `later`)
 */
export function prefetchAtIdle(urls) {
  if (urls.length === 0 || /** @type {any} */ (navigator).connection?.saveData) return;
  whenIdle(() => {
    for (const href of urls) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.as = 'script';
      link.href = href;
      document.head.append(link);
    }
  });
}
