// @ts-check
// The beacon of a page view the back/forward cache answered: no request, no
// render, no hydration, so its only figure is the time from `pageshow` to the
// first frame painted after it (what web-vitals reports as FCP for a restore,
// https://github.com/GoogleChrome/web-vitals#bfcache-restore). Its navigation
// type, `back-forward-cache`, is what counts restores on /perf.

/** client/measure/beacon.js's BEACON_URL, written again: importing it would split the measurement chunk in two files. */
const BEACON_URL = '/perf/beacon';

/**
 * @param {string} route the route template of the page restored
 * @param {PageTransitionEvent} event its `pageshow`
 */
export function sendRestoreBeacon(route, event) {
  // Two frames: the first callback runs before the restored frame is painted, the second after it.
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const fcp = Math.round((performance.now() - event.timeStamp) * 1000) / 1000;
      // No lab TTI: nothing ran to become interactive (the server counts no TTI status for it).
      const beacon = { route, navigationType: 'back-forward-cache', metrics: { fcp } };
      navigator.sendBeacon(BEACON_URL, JSON.stringify(beacon));
    }),
  );
}
