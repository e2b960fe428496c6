// @ts-check
/**
 * The field beacon of a page hidden or closed before measurement loaded
 * (issue 37). Measurement (./index.js) waits for the visitor's first intent;
 * a page left before then must still report, and a dynamic import that starts
 * at `pagehide` may never finish (pitfall: a figure lost for want of code). So
 * this small part is inline in the page head (./hide-inline.js), armed before
 * any script of the app has loaded, which also reports a page whose scripts
 * never ran; none of it is in the entry, before hydration. At the first
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
import { beaconHasLeft, measurementSendsBeacon, measurementTakesBeacon, sendPageBeacon } from './one-beacon.js';

/**
 * Hands measurement's sender (./beacon.js) the parts both senders need, on the
 * global they already share: bundled again into the measurement chunk, they cost
 * every first load about 0.4 KB of gzip (pitfall: the same code shipped twice).
 * The page reader too: imported by both the entry and the measurement chunk, it
 * was a chunk of its own before hydration.
 * @param {() => import('../../shared/page-handoff.js').HandedPage | null} [readPage]
 */
export function publishSenderParts(readPage = () => null) {
  const global = /** @type {any} */ (globalThis);
  /** @type {import('./one-beacon.js').SenderParts} */
  const parts = {
    readPage,
    send: sendPageBeacon,
    hasLeft: beaconHasLeft,
    take: measurementTakesBeacon,
    earlyInputWaits,
    engineFamily,
    navigationType,
  };
  (global.__marqueeBeacon ??= {}).parts = parts;
}

/** @typedef {{ startTime: number }} Timed */

/**
 * @param {() => import('../../shared/page-handoff.js').HandedPage | null} readPage what the server handed the
 *   page, read at hide (the page data comes after the head; none: no beacon)
 */
export function armHideBeacon(readPage) {
  publishSenderParts(readPage);
  /** @type {number | undefined} */
  let lcp;
  const noteLCP = (/** @type {Timed[]} */ entries) => entries.map((entry) => (lcp = entry.startTime));
  // LCP has no entry to read back (getEntriesByType does not list it): observed
  // from now, buffered, and its pending records taken at hide.
  const lcpObserver = PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
    ? new PerformanceObserver((list) => noteLCP(list.getEntries()))
    : null;
  lcpObserver?.observe({ type: 'largest-contentful-paint', buffered: true });
  let done = false;
  const onHide = (/** @type {Event} */ event) => {
    if (done || (event.type === 'visibilitychange' && document.visibilityState !== 'hidden')) return;
    done = true;
    noteLCP(lcpObserver?.takeRecords() ?? []);
    lcpObserver?.disconnect();
    const page = readPage();
    if (measurementSendsBeacon() || !page) return;
    const from = activationStart();
    /** @type {Record<string, number>} times from activation, as web-vitals counts them */
    const metrics = {};
    const put = (/** @type {string} */ name, /** @type {number | undefined} */ at) => {
      if (at !== undefined) metrics[name] = Math.max(0, at - from);
    };
    const first = (/** @type {string} */ name, /** @type {string} */ type) =>
      /** @type {Timed | undefined} */ (performance.getEntriesByName(name, type)[0])?.startTime;
    put('ttfb', /** @type {any} */ (performance.getEntriesByType('navigation')[0])?.responseStart);
    put('fcp', first('first-contentful-paint', 'paint'));
    put('lcp', lcp);
    put('appTTI', first(APP_TTI_MARK, 'mark'));
    sendPageBeacon({
      route: page.route,
      requestId: page.requestId,
      navigationType: navigationType(),
      engine: engineFamily(),
      labTTIStatus: 'pending',
      metrics,
      earlyInput: earlyInputWaits(),
      server: Object.fromEntries(
        Object.entries(page.timings ?? {}).filter(([, value]) => Number.isFinite(value) && value >= 0),
      ),
    });
  };
  addEventListener('visibilitychange', onHide, true);
  // pagehide too: Safari does not always fire visibilitychange on unload.
  addEventListener('pagehide', onHide, true);
}
