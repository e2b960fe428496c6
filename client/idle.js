// @ts-check
// Fetches, once the main thread is idle, the chunks the visitor's first intent
// will run (Falcor's model, navigation, measurement, the linked pages), network
// only: `<link rel="prefetch">` puts them in the HTTP cache and evaluates
// nothing, so the first intent pays for evaluation and not for a round trip
// (issue 37), and the window that decides TTI holds no task of Marquee's.

/** Idle may never come on a busy page: the fetch starts by then anyway. */
export const IDLE_TIMEOUT_MS = 3000;

/**
 * Calls `work` in an idle period (requestIdleCallback), with the period's
 * deadline, or after a timeout where the browser has none (Safari before 18),
 * without one.
 * @param {(deadline?: IdleDeadline) => void} work
 * @param {{ timeout?: number }} [options]
 */
export function whenIdle(work, { timeout = IDLE_TIMEOUT_MS } = {}) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback((deadline) => work(deadline), { timeout });
  else setTimeout(() => work(), 1);
}

/** Whether the visitor saves data: nothing is prefetched then. */
export const saveData = () => !!(/** @type {any} */ (navigator).connection?.saveData);

/**
 * Fetches `href` into the HTTP cache, network only: evaluated or parsed by nobody until asked for.
 * @param {string} href
 * @param {string} [as] the request's destination (a chunk: script)
 * @returns {HTMLLinkElement} its load event says the response is in the cache
 */
export function prefetchLink(href, as) {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  if (as) link.as = as;
  link.href = href;
  document.head.append(link);
  return link;
}

/**
 * Prefetches `urls` at idle, network only; skipped where the visitor saves data.
 * @param {string[]} urls the build's chunks for the first intent (client/build/manifest.js `later`)
 */
export function prefetchAtIdle(urls) {
  if (urls.length === 0 || saveData()) return;
  const left = [...urls];
  // Pitfall: every link in one idle callback was a long task on a phone (each link starts a request:
  // eight of them took 59 ms at 4x CPU, the one task of Marquee's after hydration, and Lighthouse's
  // TTI came after it): as many links as the idle period has time for, the rest in the next ones.
  const insert = (/** @type {IdleDeadline | undefined} */ deadline) => {
    do prefetchLink(/** @type {string} */ (left.shift()), 'script');
    while (left.length > 0 && (deadline?.timeRemaining() ?? 0) > 0);
    if (left.length > 0) whenIdle(insert);
  };
  whenIdle(insert);
}
