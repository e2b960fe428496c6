// @ts-check
// The browser's own figures for a client-side navigation (issue 27): where
// the browser reports soft navigations (PerformanceSoftNavigation, Chromium
// 151+; https://wicg.github.io/soft-navigations/), client/nav/soft-navigation.js
// pairs its entry with the navigation client/nav/timing.js measured and sends
// `{ "softNavigation": { … } }` beside that navigation's beacon, keyed the
// same way (from/to route, cache state). Checked as strictly as the others
// (anything else is a 400), aggregated per key for /perf's "Navigations",
// where they stand beside our own figures, and exported as
// `marquee_browser_soft_navigation_ms{route,phase,cache}`.
import { LOAD_MAX_MS, ROUTES } from './beacon-fields.js';
import { NAV_CACHE_STATES } from './navigation.js';
import { fail, navigationGroups, navigationHistogram, readNavigationObject } from './navigation-beacon.js';
import { newSketch, quantiles } from './sketch.js';

/**
 * fcp: the browser's start to its first contentful paint (web-vitals' soft-navigation FCP);
 * lcp: to the largest contentful paint by the time the page was complete (optional: the browser may have none);
 * start: the browser's start less our input's time (its interaction may be the pointer press before the click).
 */
export const SOFT_NAV_PHASES = Object.freeze(['fcp', 'lcp', 'start']);
/** The browser's start and our input belong to one interaction: seconds apart would be two. */
const MAX_START_OFFSET_MS = 10_000;
const KEYS = new Set(['from', 'to', 'cache', ...SOFT_NAV_PHASES]);

/** @typedef {{ from: string, to: string, cache: string, fcp: number, lcp?: number, start: number }} SoftNavigation */

/**
 * @param {Record<string, unknown>} body a beacon with a `softNavigation` field
 * @returns {{ ok: true, beacon: { softNavigation: SoftNavigation }, error?: undefined } | { ok: false, error: string, beacon?: undefined }}
 */
export function parseSoftNavigationBeacon(body) {
  const read = readNavigationObject(body, {
    key: 'softNavigation',
    label: 'soft navigation',
    fields: KEYS,
    choices: [
      ['from', ROUTES],
      ['to', ROUTES],
      ['cache', NAV_CACHE_STATES],
    ],
  });
  if (!read.ok) return fail(read.error);
  const s = read.fields;
  for (const field of ['fcp', 'lcp']) {
    const value = s[field];
    if (field === 'lcp' && value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > LOAD_MAX_MS)
      return fail(`softNavigation.${field} must be a number of ms from 0 to ${LOAD_MAX_MS}`);
  }
  if (typeof s.start !== 'number' || !Number.isFinite(s.start) || Math.abs(s.start) > MAX_START_OFFSET_MS)
    return fail(`softNavigation.start must be a number of ms from -${MAX_START_OFFSET_MS} to ${MAX_START_OFFSET_MS}`);
  return { ok: true, beacon: { softNavigation: /** @type {SoftNavigation} */ ({ ...s }) } };
}

/**
 * @param {{ registry: import('prom-client').Registry }} options
 */
export function createSoftNavigationAggregates({ registry }) {
  const histogram = navigationHistogram(
    registry,
    'marquee_browser_soft_navigation_ms',
    'Client-side navigations as the browser reported them (PerformanceSoftNavigation): its start to its first and largest contentful paint (ms), by route gone to and cache state',
  );
  const groups = navigationGroups((key) => ({
    ...key,
    /** @type {Record<string, import('./sketch.js').Sketch>} */
    sketches: Object.fromEntries(SOFT_NAV_PHASES.map((phase) => [phase, newSketch()])),
  }));
  return {
    /** @param {SoftNavigation} soft */
    record(soft) {
      const group = groups.of(soft);
      for (const phase of SOFT_NAV_PHASES) {
        const value = soft[/** @type {'fcp'} */ (phase)];
        if (value === undefined) continue;
        // The offset may be negative (a DDSketch keeps negatives apart); it is no duration to export.
        group.sketches[phase].accept(value);
        if (phase !== 'start') histogram.observe({ route: soft.to, phase, cache: soft.cache }, value);
      }
    },
    /** Per from/to route and cache state: how many the browser reported, p50/p75/p95 per phase. */
    snapshot() {
      return groups.values().map((g) => ({
        from: g.from,
        to: g.to,
        cache: g.cache,
        count: g.sketches.fcp.count,
        phases: Object.fromEntries(
          SOFT_NAV_PHASES.map((phase) => [phase, g.sketches[phase].count > 0 ? quantiles(g.sketches[phase]) : null]),
        ),
      }));
    },
  };
}
