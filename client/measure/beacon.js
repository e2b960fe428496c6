// @ts-check
/**
 * Sends one beacon per page view to POST /perf/beacon with
 * navigator.sendBeacon (https://w3c.github.io/beacon/), which survives the
 * page being closed: when the lab TTI search ends, or when the page is hidden
 * first (the last moment a page can reliably send anything; `unload` is not
 * fired on mobile and blocks the bfcache, https://developer.chrome.com/docs/web-platform/page-lifecycle-api).
 * Carries: the route template and server timings the server handed the page
 * (#marquee-data), the navigation type, the effective connection type
 * (https://wicg.github.io/netinfo/, Chromium only) and the metrics so far.
 * The server (server/field-metrics/beacon-schema.js) refuses unknown names, so this
 * sends only finite numbers under the names it knows.
 */
import { currentMemory } from './memory.js';
import { notRestoredReasons } from './not-restored.js';

/**
 * The inline hide sender's parts (./hide-beacon.js publishes them in the page head): this
 * page's one copy. None where the head has no sender (a page measured by perf:tti, which
 * sends no beacon): then nothing is sent.
 * @returns {import('./one-beacon.js').SenderParts | null}
 */
const senderParts = () => /** @type {any} */ (globalThis).__marqueeBeacon?.parts ?? null;
const METRICS = [
  'appTTI',
  'labTTI',
  'tbt',
  'fcp',
  'lcp',
  'inp',
  'inpInputDelay',
  'inpProcessing',
  'inpPresentation',
  'cls',
  'ttfb',
  'memory',
];
const SERVER_TIMINGS = ['upstream', 'render', 'template', 'total'];

/** @typedef {{ route: string, timings: Record<string, number>, requestId?: string }} PageData */

/**
 * What the server handed the page: the route template, its own timings and
 * the id of its log line (server/middleware/request-log.js).
 * @returns {PageData | null} null off Marquee pages
 */
export function readPageData() {
  // Through the head's sender (client/page-handoff.js): where it is missing, nothing is sent anyway.
  const page = senderParts()?.readPage() ?? null;
  return page && { route: page.route, timings: page.timings ?? {}, requestId: page.requestId };
}

/**
 * @param {import('./store.js').PerfSnapshot} snapshot
 * @param {PageData} page
 * @param {import('./one-beacon.js').SenderParts} parts
 */
export function buildBeacon(snapshot, page, parts) {
  const round = (/** @type {number} */ n) => Math.round(n * 1000) / 1000;
  const numbers = (/** @type {Record<string, number>} */ from, /** @type {string[]} */ names) =>
    Object.fromEntries(
      names.filter((name) => Number.isFinite(from[name]) && from[name] >= 0).map((name) => [name, round(from[name])]),
    );
  return {
    route: page.route,
    requestId: page.requestId,
    navigationType: parts.navigationType(),
    engine: parts.engineFamily(),
    effectiveType: /** @type {any} */ (navigator).connection?.effectiveType ?? 'unknown',
    labTTIStatus: snapshot.labTTIStatus,
    ...(snapshot.labTTIMethod && { labTTIMethod: snapshot.labTTIMethod }),
    ...snapshot.inp,
    metrics: numbers(snapshot.metrics, METRICS),
    keyInput: snapshot.keyInput.map(round),
    earlyInput: parts.earlyInputWaits().map(round),
    server: numbers(page.timings, SERVER_TIMINGS),
    notRestored: notRestoredReasons(/** @type {any} */ (performance.getEntriesByType('navigation')[0])),
    // Home's rows that came into view before their cards (shared/components/RowPlaceholder.jsx's mark).
    ...(page.route === '/' && { placeholderRows: performance.getEntriesByName('marquee:placeholder-seen').length }),
  };
}

/**
 * Arms the one beacon of this page view.
 * @param {import('./store.js').PerfStore} store
 * @param {PageData} page
 */
export function sendBeaconOnce(store, page) {
  const parts = senderParts();
  // Sent already (the page was hidden before measurement loaded): not a second one.
  if (!parts || parts.hasLeft()) return;
  parts.take();
  let sent = false;
  const send = () => {
    if (sent) return;
    sent = true;
    unsubscribe();
    removeEventListener('visibilitychange', onHidden, true);
    removeEventListener('pagehide', send, true);
    const memory = currentMemory();
    if (memory && store.snapshot().metrics.memory === undefined) store.setMemory(memory);
    if (parts.send(buildBeacon(store.snapshot(), page, parts))) store.markBeaconSent();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') send();
  };
  // Where lab TTI is 'unsupported' at once (no Long Tasks, no heartbeat),
  // sending then would lose FCP, LCP, CLS and INP, so wait for hiding.
  const unsubscribe = store.subscribe((state) => {
    if (state.labTTIStatus === 'found' || state.labTTIStatus === 'not-found') send();
  });
  // pagehide too: Safari does not always fire visibilitychange on unload.
  addEventListener('visibilitychange', onHidden, true);
  addEventListener('pagehide', send, true);
}
