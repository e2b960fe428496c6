// @ts-check
// Client-side navigations from the field (issue 27): one beacon per
// navigation (client/nav/timing.js), `{ "navigation": { … } }` on POST
// /perf/beacon, checked as strictly as a page view's beacon (anything else is
// a 400), then aggregated per from/to route and cache state: a sketch per
// phase for /perf's "Navigations", and `marquee_browser_navigation_ms{route,phase,cache}`
// (route: where it went) on the app's registry for /metrics, which sums the
// workers' histograms, as the fleet's recording rules sum the instances'.
import client from 'prom-client';
import { LOAD_MAX_MS, ROUTES } from './beacon-fields.js';
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
/** Histogram bounds: a navigation is an interaction, most well under a second. */
const BUCKETS = [10, 25, 50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000, 30000, 60000];

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
  const extra = Object.keys(body).find((key) => key !== 'navigation');
  if (extra !== undefined)
    return fail(`a navigation beacon holds only "navigation", not ${JSON.stringify(extra.slice(0, 40))}`);
  const nav = body.navigation;
  if (typeof nav !== 'object' || nav === null || Array.isArray(nav)) return fail('navigation must be an object');
  const n = /** @type {Record<string, unknown>} */ (nav);
  const unknown = Object.keys(n).find((key) => !KEYS.has(key));
  if (unknown !== undefined) return fail(`unknown navigation field ${JSON.stringify(unknown.slice(0, 40))}`);
  for (const [field, allowed] of /** @type {const} */ ([
    ['from', ROUTES],
    ['to', ROUTES],
    ['trigger', NAV_TRIGGERS],
    ['cache', NAV_CACHE_STATES],
  ])) {
    if (typeof n[field] !== 'string' || !allowed.includes(/** @type {string} */ (n[field])))
      return fail(`navigation.${field} must be one of ${allowed.join(', ')}`);
  }
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
  const histogram = new client.Histogram({
    name: 'marquee_browser_navigation_ms',
    help: 'Client-side navigations from beacons: input to URL, heading painted, page complete, and the longest frame meanwhile (ms), by route gone to and cache state',
    labelNames: ['route', 'phase', 'cache'],
    buckets: BUCKETS,
    registers: [registry],
  });
  /**
   * Keyed by from, to and cache (each from a fixed set).
   * @type {Map<string, { from: string, to: string, cache: string, sketches: Record<string, import('./sketch.js').Sketch>, counts: number[], triggers: Record<string, number>, requests: number, rounds: number }>}
   */
  const groups = new Map();
  return {
    /** @param {Navigation} nav */
    record(nav) {
      const key = `${nav.from} ${nav.to} ${nav.cache}`;
      let group = groups.get(key);
      if (!group) {
        group = {
          from: nav.from,
          to: nav.to,
          cache: nav.cache,
          sketches: Object.fromEntries(NAV_PHASES.map((phase) => [phase, newSketch()])),
          counts: new Array(BUCKETS.length + 1).fill(0),
          triggers: Object.fromEntries(NAV_TRIGGERS.map((t) => [t, 0])),
          requests: 0,
          rounds: 0,
        };
        groups.set(key, group);
      }
      for (const phase of NAV_PHASES) {
        group.sketches[phase].accept(nav[/** @type {'url'} */ (phase)]);
        histogram.observe({ route: nav.to, phase, cache: nav.cache }, nav[/** @type {'url'} */ (phase)]);
      }
      const bucket = BUCKETS.findIndex((bound) => nav.complete <= bound);
      group.counts[bucket === -1 ? BUCKETS.length : bucket] += 1;
      group.triggers[nav.trigger] += 1;
      group.requests += nav.upstreamRequests;
      group.rounds += nav.upstreamRounds;
    },
    /** Per from/to route and cache state: count, triggers, p50/p75/p95 per phase, mean upstream work, the histogram of `complete`. */
    snapshot() {
      return [...groups.values()].map((g) => {
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
          complete: { bounds: [...BUCKETS], counts: [...g.counts] },
        };
      });
    },
  };
}

/** @param {string} error @returns {{ ok: false, error: string }} */
function fail(error) {
  return { ok: false, error };
}
