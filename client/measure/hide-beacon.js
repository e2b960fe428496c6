// @ts-check
/**
 * The field beacon of a page hidden or closed before measurement loaded
 * (issue 37). Measurement (./index.js) waits for the visitor's first intent;
 * a page left before then must still report, and a dynamic import that starts
 * at `pagehide` may never finish (pitfall: a figure lost for want of code). So
 * this small part is in the entry, armed before hydration: at the first
 * `visibilitychange` to hidden or `pagehide` it sends, synchronously, what the
 * browser already holds: TTFB, FCP, LCP, App TTI and input before interactive,
 * with lab TTI `pending`, in the fields ./beacon.js uses. Once measurement has
 * loaded it sends the beacon itself, and this stays quiet; one beacon per page
 * view either way (./one-beacon.js).
 */
import { activationStart, APP_TTI_MARK } from './app-tti.js';
import { earlyInputWaits } from './early-input.js';
import { engineFamily } from './engine.js';
import { navigationType } from './navigation-type.js';
import { measurementSendsBeacon, sendPageBeacon } from './one-beacon.js';

/**
 * @param {import('./beacon.js').PageData} page what the server handed the page
 */
export function armHideBeacon(page) {
  /** @type {number | undefined} */
  let lcp;
  const noteLCP = (/** @type {PerformanceEntryList} */ entries) => {
    for (const entry of entries) lcp = entry.startTime;
  };
  // LCP has no entry to read back (getEntriesByType does not list it): observed
  // from now, buffered, and its pending records taken at hide.
  /** @type {PerformanceObserver | undefined} */
  let lcpObserver;
  if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    lcpObserver = new PerformanceObserver((list) => noteLCP(list.getEntries()));
    lcpObserver.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  const onHide = (/** @type {Event} */ event) => {
    if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return;
    removeEventListener('visibilitychange', onHide, true);
    removeEventListener('pagehide', onHide, true);
    if (lcpObserver) {
      noteLCP(lcpObserver.takeRecords());
      lcpObserver.disconnect();
    }
    if (measurementSendsBeacon()) return;
    const from = activationStart();
    const navigation = /** @type {PerformanceNavigationTiming | undefined} */ (
      performance.getEntriesByType('navigation')[0]
    );
    /** @type {Record<string, number | undefined>} times from activation, as web-vitals counts them */
    const at = {
      ttfb: navigation?.responseStart,
      fcp: performance.getEntriesByName('first-contentful-paint', 'paint')[0]?.startTime,
      lcp,
      appTTI: performance.getEntriesByName(APP_TTI_MARK, 'mark')[0]?.startTime,
    };
    /** @type {Record<string, number>} */
    const metrics = {};
    for (const [name, value] of Object.entries(at)) if (value !== undefined) metrics[name] = Math.max(0, value - from);
    /** @type {Record<string, number>} */
    const server = {};
    for (const [name, value] of Object.entries(page.timings))
      if (Number.isFinite(value) && value >= 0) server[name] = value;
    sendPageBeacon({
      route: page.route,
      requestId: page.requestId,
      navigationType: navigationType(),
      engine: engineFamily(),
      labTTIStatus: 'pending',
      metrics,
      earlyInput: earlyInputWaits(),
      server,
    });
  };
  addEventListener('visibilitychange', onHide, true);
  // pagehide too: Safari does not always fire visibilitychange on unload.
  addEventListener('pagehide', onHide, true);
}
