// @ts-check
/**
 * App TTI: the time from navigation start to the first moment a person can use
 * the UI with an input device (Netflix, "Making Netflix.com Faster", 2015,
 * https://netflixtechblog.com/making-netflix-com-faster-f95d15f2e972).
 * Only the app knows that moment: client/index.jsx marks `marquee:interactive`
 * with performance.mark once hydrateRoot has committed and handlers are
 * attached; this reads that mark (User Timing, https://w3c.github.io/user-timing/).
 * Times are relative to the navigation's time origin (Navigation Timing 2,
 * https://w3c.github.io/navigation-timing/), i.e. navigation start.
 *
 * Thresholds: none are standard for an app's own mark; the overlay uses
 * Lighthouse's mobile TTI scoring (good ≤ 3.8 s, poor > 7.3 s) so both TTIs
 * read alike.
 */

export const APP_TTI_MARK = 'marquee:interactive';

/** @type {[number, number]} */
export const APP_TTI_THRESHOLDS = [3800, 7300];

/**
 * Calls back once with App TTI in ms, as soon as the mark exists (now, if the
 * app marked it before this module loaded). Never calls back on pages that
 * do not mark it (any site measured by perf/tti/index.js --url).
 * @param {(ms: number) => void} callback
 */
export function onAppTTI(callback) {
  const report = (/** @type {PerformanceEntry} */ entry) => callback(Math.max(0, entry.startTime - activationStart()));
  const marked = performance.getEntriesByName(APP_TTI_MARK, 'mark')[0];
  if (marked) {
    report(marked);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    const entry = list.getEntriesByName(APP_TTI_MARK, 'mark')[0];
    if (!entry) return;
    observer.disconnect();
    report(entry);
  });
  observer.observe({ type: 'mark', buffered: true });
}

/**
 * A prerendered page's clock starts before the visitor asked for it; count
 * from activation instead, as web-vitals does (src/lib/getActivationStart.ts).
 */
export function activationStart() {
  const navigation = /** @type {any} */ (performance.getEntriesByType('navigation')[0]);
  return navigation?.activationStart > 0 ? navigation.activationStart : 0;
}
