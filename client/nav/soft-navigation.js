// @ts-check
// The same navigation as the browser reports it, where it does (issue 27):
// Chromium 151+ emits a `soft-navigation` entry (PerformanceSoftNavigation,
// https://wicg.github.io/soft-navigations/) when an interaction changed the
// URL and painted. Each entry is paired with the navigation
// client/nav/timing.js measured for the same URL, and once both are in
// (either may come first), the browser's figures leave in a beacon of their
// own, keyed as ours (server/field-metrics/soft-navigation.js). The figures
// are web-vitals' soft-navigation FCP and LCP (reportSoftNavs), computed here
// from the entry: the web-vitals chunk loads later and costs more.

/** Navigations waiting for their entry (or entries for their navigation): a few at most. */
const MAX_PENDING = 4;

/**
 * @typedef {{ url: string, at: number, from: string, to: string, cache: string }} Measured our navigation, complete
 * @typedef {PerformanceEntry & { presentationTime?: number, paintTime?: number,
 *   getLargestInteractionContentfulPaint?: () => { largestContentfulPaint?: { renderTime: number } } | null }} SoftEntry
 */

/**
 * @param {(beacon: object) => void} send
 * @returns {{ complete(measured: Measured): void } | null} null where the browser reports no soft navigations
 */
export function pairSoftNavigations(send) {
  // web-vitals' own test (lib/softNavs.js): only the shape that shipped unflagged.
  const supported =
    PerformanceObserver.supportedEntryTypes?.includes('soft-navigation') &&
    typeof (
      /** @type {any} */ (globalThis).PerformanceSoftNavigation?.prototype?.getLargestInteractionContentfulPaint
    ) === 'function';
  if (!supported) return null;
  /** @type {Measured[]} */
  const navigations = [];
  /** @type {SoftEntry[]} */
  const entries = [];
  const pair = () => {
    for (const entry of entries) {
      const i = navigations.findIndex((n) => n.url === entry.name);
      if (i === -1) continue;
      const [nav] = navigations.splice(i, 1);
      entries.splice(entries.indexOf(entry), 1);
      send({ softNavigation: figures(nav, entry) });
      return pair();
    }
  };
  // buffered: an entry the browser queued before this chunk loaded (a click
  // while a busy page was still loading it) is paired too.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) keep(entries, /** @type {SoftEntry} */ (entry));
    pair();
  }).observe({ type: 'soft-navigation', buffered: true });
  return {
    complete(measured) {
      keep(navigations, measured);
      pair();
    },
  };
}

/**
 * @param {Measured} nav
 * @param {SoftEntry} entry
 */
function figures({ from, to, cache, at }, entry) {
  const start = entry.startTime;
  // As web-vitals' onFCP and onLCP with reportSoftNavs: from the entry's start, never below 0.
  const fcp = Math.max(0, (entry.presentationTime || entry.paintTime || 0) - start);
  const largest = entry.getLargestInteractionContentfulPaint?.()?.largestContentfulPaint?.renderTime;
  return {
    from,
    to,
    cache,
    fcp: ms(fcp),
    ...(largest ? { lcp: ms(Math.max(0, largest - start)) } : {}),
    start: ms(start - at),
  };
}

/** @template T @param {T[]} list @param {T} item */
function keep(list, item) {
  list.push(item);
  if (list.length > MAX_PENDING) list.shift();
}

/** @param {number} value to the microsecond */
function ms(value) {
  return Math.round(value * 1000) / 1000;
}
