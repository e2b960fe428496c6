// @ts-check
// Client-side navigations from the field (issue 27): one beacon per
// navigation (client/nav/timing.js), `{ "navigation": { … } }` on POST
// /perf/beacon, checked as strictly as a page view's beacon (anything else is
// a 400), then aggregated per from/to route and cache state: a sketch per
// phase for /perf's "Navigations", and `marquee_browser_navigation_ms{route,phase,cache}`
// (route: where it went) on the app's registry for /metrics, which sums the
// workers' histograms, as the fleet's recording rules sum the instances'.
import { LOAD_MAX_MS, ROUTES } from './beacon-fields.js';
import { NAV_BUCKETS, fail, navigationGroups, navigationHistogram, readNavigationObject } from './navigation-beacon.js';
import { newSketch, quantiles } from './sketch.js';

/** How the navigation began: a pointer's click, Enter (or the keyboard code), Back or Forward. */
export const NAV_TRIGGERS = Object.freeze(['pointer', 'keyboard', 'history']);
/** What the client's cache held: the page by a prefetch, the page from before, its heading, nothing. */
export const NAV_CACHE_STATES = Object.freeze(['prefetched', 'cached', 'heading', 'cold']);
/** From the input to: the URL changing, the heading painted, the page complete; and the longest frame meanwhile. */
export const NAV_PHASES = Object.freeze(['url', 'heading', 'complete', 'longestFrame']);
/** Upstream requests or rounds one navigation waited for: a page asks for tens at most. */
const MAX_UPSTREAM = 1000;
const REQUEST_ID = /^[\w-]{1,64}$/;
const KEYS = new Set([
  'from',
  'to',
  'trigger',
  'cache',
  ...NAV_PHASES,
  'upstreamRequests',
  'upstreamRounds',
  'requestId',
]);

/**
 * @typedef {{
 *   from: string, to: string, trigger: string, cache: string,
 *   url: number, heading: number, complete: number, longestFrame: number,
 *   upstreamRequests: number, upstreamRounds: number, requestId?: string,
 * }} Navigation
 */

/**
 * @param {Record<string, unknown>} body a beacon with a `navigation` field
 * @returns {{ ok: true, beacon: { navigation: Navigation }, error?: undefined } | { ok: false, error: string, beacon?: undefined }}
 */
export function parseNavigationBeacon(body) {
  const read = readNavigationObject(body, {
    key: 'navigation',
    label: 'navigation',
    fields: KEYS,
    choices: [
      ['from', ROUTES],
      ['to', ROUTES],
      ['trigger', NAV_TRIGGERS],
      ['cache', NAV_CACHE_STATES],
    ],
  });
  if (!read.ok) return fail(read.error);
  const n = read.fields;
  for (const phase of NAV_PHASES) {
    const value = n[phase];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > LOAD_MAX_MS)
      return fail(`navigation.${phase} must be a number of ms from 0 to ${LOAD_MAX_MS}`);
  }
  // The URL changes before the heading is painted, which comes no later than the page complete.
  if (!(
    /** @type {number} */ (n.url) <= /** @type {number} */ (n.heading) &&
    /** @type {number} */ (n.heading) <= /** @type {number} */ (n.complete)
  ))
    return fail('navigation phases must come in order: url <= heading <= complete');
  for (const field of ['upstreamRequests', 'upstreamRounds']) {
    const value = n[field];
    if (!Number.isInteger(value) || /** @type {number} */ (value) < 0 || /** @type {number} */ (value) > MAX_UPSTREAM)
      return fail(`navigation.${field} must be an integer from 0 to ${MAX_UPSTREAM}`);
  }
  if (n.requestId !== undefined && !(typeof n.requestId === 'string' && REQUEST_ID.test(n.requestId)))
    return fail('navigation.requestId must be 1 to 64 letters, digits, - or _');
  return { ok: true, beacon: { navigation: /** @type {Navigation} */ ({ ...n }) } };
}

/**
 * @param {{ registry: import('prom-client').Registry }} options
 */
export function createNavigationAggregates({ registry }) {
  const histogram = navigationHistogram(
    registry,
    'marquee_browser_navigation_ms',
    'Client-side navigations from beacons: input to URL, heading painted, page complete, and the longest frame meanwhile (ms), by route gone to and cache state',
  );
  const groups = navigationGroups((key) => ({
    ...key,
    /** @type {Record<string, import('./sketch.js').Sketch>} */
    sketches: Object.fromEntries(NAV_PHASES.map((phase) => [phase, newSketch()])),
    /** @type {number[]} */
    counts: new Array(NAV_BUCKETS.length + 1).fill(0),
    /** @type {Record<string, number>} */
    triggers: Object.fromEntries(NAV_TRIGGERS.map((t) => [t, 0])),
    requests: 0,
    rounds: 0,
  }));
  return {
    /** @param {Navigation} nav */
    record(nav) {
      const group = groups.of(nav);
      for (const phase of NAV_PHASES) {
        group.sketches[phase].accept(nav[/** @type {'url'} */ (phase)]);
        histogram.observe({ route: nav.to, phase, cache: nav.cache }, nav[/** @type {'url'} */ (phase)]);
      }
      const bucket = NAV_BUCKETS.findIndex((bound) => nav.complete <= bound);
      group.counts[bucket === -1 ? NAV_BUCKETS.length : bucket] += 1;
      group.triggers[nav.trigger] += 1;
      group.requests += nav.upstreamRequests;
      group.rounds += nav.upstreamRounds;
    },
    /** Per from/to route and cache state: count, triggers, p50/p75/p95 per phase, mean upstream work, the histogram of `complete`. */
    snapshot() {
      return groups.values().map((g) => {
        const count = g.sketches.complete.count;
        return {
          from: g.from,
          to: g.to,
          cache: g.cache,
          count,
          triggers: { ...g.triggers },
          phases: Object.fromEntries(NAV_PHASES.map((phase) => [phase, quantiles(g.sketches[phase])])),
          upstreamRequests: Math.round((g.requests / count) * 100) / 100,
          upstreamRounds: Math.round((g.rounds / count) * 100) / 100,
          complete: { bounds: [...NAV_BUCKETS], counts: [...g.counts] },
        };
      });
    },
  };
}
