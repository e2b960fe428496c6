// @ts-check
// Why the back/forward cache did not restore a page (client/measure/not-restored.js
// sends the browser's own reasons on a Back that reloaded): checked, named
// from a fixed set, counted per route for GET /perf/summary.json and /metrics,
// beside the Backs the cache restored (GET /perf, "Back and Forward").
// Reasons from the HTML spec's list and Chromium's
// (https://developer.chrome.com/docs/web-platform/bfcache-notrestoredreasons);
// a name outside it is counted as `other`, never refused: the browsers' list
// grows, and a beacon is not wrong for carrying a reason newer than this list.
// Pitfall: a label taken verbatim from a client has unbounded cardinality.
import client from 'prom-client';

export const NOT_RESTORED_REASONS = Object.freeze([
  'broadcastchannel-message',
  'dedicated-worker-or-worklet',
  'idbversionchangeeventhandler',
  'internal-error',
  'keyboardlock',
  'lock',
  'masked',
  'navigation-canceled',
  'navigation-failure',
  'non-trivial-browsing-context-group',
  'outstanding-network-request-fetch',
  'outstanding-network-request-others',
  'outstanding-network-request-xhr',
  'parser-aborted',
  'related-active-contents',
  'request-method-not-get',
  'response-auth-required',
  'response-cache-control-no-store',
  'response-keep-alive',
  'response-scheme-not-http-or-https',
  'response-status-not-ok',
  'rtc',
  'rtc-used-with-ccns',
  'sharedworker',
  'unload-listener',
  'websocket',
  'websocket-used-with-ccns',
  'webtransport',
  'webxrdevice',
  'other',
]);
/** A beacon's reasons at most (the client sends 20). */
export const MAX_NOT_RESTORED = 20;
const MAX_REASON_LENGTH = 100;

/**
 * @param {unknown} value the beacon's `notRestored`
 * @returns {{ reasons: string[], error?: undefined } | { error: string, reasons?: undefined }} reasons: named from NOT_RESTORED_REASONS
 */
export function parseNotRestored(value) {
  if (value === undefined) return { reasons: [] };
  if (!Array.isArray(value) || value.length > MAX_NOT_RESTORED)
    return { error: `notRestored must be an array of at most ${MAX_NOT_RESTORED} reasons` };
  /** @type {Set<string>} */
  const reasons = new Set();
  for (const reason of value) {
    if (typeof reason !== 'string' || reason.length === 0 || reason.length > MAX_REASON_LENGTH)
      return { error: `notRestored holds reasons of 1 to ${MAX_REASON_LENGTH} characters` };
    reasons.add(NOT_RESTORED_REASONS.includes(reason) ? reason : 'other');
  }
  return { reasons: [...reasons] };
}

/**
 * Counts per route and reason, and per route the Backs restored from the
 * cache (a `back-forward-cache` beacon) and loaded again (a `back-forward` one).
 * @param {{ registry: import('prom-client').Registry }} options
 */
export function createNotRestoredCounts({ registry }) {
  const counter = new client.Counter({
    name: 'marquee_browser_bfcache_not_restored_total',
    help: 'Back navigations the back/forward cache did not restore, by route and the browser’s reason',
    labelNames: ['route', 'reason'],
    registers: [registry],
  });
  /** @type {Map<string, Map<string, number>>} route → reason → count (both from fixed sets) */
  const counts = new Map();
  /** @type {Map<string, { restored: number, reloaded: number }>} route → Backs and Forwards */
  const backs = new Map();
  return {
    /** @param {string} route @param {string} navigationType the beacon's @param {string[]} reasons */
    record(route, navigationType, reasons) {
      if (navigationType === 'back-forward-cache' || navigationType === 'back-forward') {
        const one = backs.get(route) ?? { restored: 0, reloaded: 0 };
        one[navigationType === 'back-forward-cache' ? 'restored' : 'reloaded'] += 1;
        backs.set(route, one);
      }
      for (const reason of reasons) {
        const byReason = counts.get(route) ?? new Map();
        counts.set(route, byReason.set(reason, (byReason.get(reason) ?? 0) + 1));
        counter.inc({ route, reason });
      }
    },
    /** @returns {Record<string, Record<string, number>>} */
    snapshot() {
      return Object.fromEntries([...counts].map(([route, byReason]) => [route, Object.fromEntries(byReason)]));
    },
    /** @returns {{ route: string, restored: number, reloaded: number }[]} */
    backs() {
      return [...backs].map(([route, one]) => ({ route, ...one }));
    },
  };
}
