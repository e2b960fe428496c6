// @ts-check
// Aggregates accepted beacons per route and metric: count and percentiles from
// a DDSketch (server/field-metrics/sketch.js), a fixed-bucket histogram for the
// dashboard, a per-minute series for the last hour, and Prometheus histograms
// on the app's registry for GET /metrics; INP per interaction target beside
// them (inp-targets.js).
// Pitfall: percentiles from a sorted array of every sample grow memory without
// bound; a sketch with a bin limit and a fixed ring of minutes never does.
import client from 'prom-client';
import { METRICS, ROUTES, LAB_TTI_STATUSES, SERVER_TIMINGS } from './beacon-fields.js';
import { newSketch, quantiles } from './sketch.js';
import { createINPTargets } from './inp-targets.js';
import { createNotRestoredCounts } from './not-restored.js';
import { createEarlyInputShare } from './early-input.js';
import { createPlaceholderRowCounts } from './placeholder-rows.js';
import { createNavigationAggregates } from './navigation.js';
import { createSoftNavigationAggregates } from './soft-navigation.js';
import { createEngineSplit } from './engines.js';
/** Beacons kept verbatim for the dashboard's "latest page views" table. */
const RECENT_BEACONS = 20;

/** Histogram bounds per unit (upper bounds; one overflow bucket follows). */
export const BUCKETS = Object.freeze({
  ms: [
    25, 50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 7500, 10000, 15000, 20000, 30000, 60000,
  ],
  score: [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
  bytes: [4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048].map((mb) => mb * 1024 * 1024),
});

/**
 * Every aggregated series: the beacon's metrics, each key press, and the
 * server timings the page was handed (server-side metrics already count those
 * in Prometheus, so they stay dashboard-only here).
 * @type {Readonly<Record<string, { unit: 'ms' | 'score' | 'bytes', prometheus: boolean }>>}
 */
export const SERIES = Object.freeze({
  ...Object.fromEntries(Object.entries(METRICS).map(([name, { unit }]) => [name, { unit, prometheus: true }])),
  keyInput: { unit: 'ms', prometheus: true },
  // Each input before interactive: how long it waited (./early-input.js).
  earlyInput: { unit: 'ms', prometheus: true },
  ...Object.fromEntries(SERVER_TIMINGS.map((name) => [`server.${name}`, { unit: 'ms', prometheus: false }])),
});

/**
 * @param {{ registry: import('prom-client').Registry, now?: () => number, minutes?: number }} options
 */
export function createPerfAggregates({ registry, now = Date.now, minutes = 60 }) {
  const histograms = {
    ms: new client.Histogram({
      name: 'marquee_browser_metric_ms',
      help: 'Browser-measured page metrics from beacons, in milliseconds',
      labelNames: ['route', 'metric'],
      buckets: BUCKETS.ms,
      registers: [registry],
    }),
    score: new client.Histogram({
      name: 'marquee_browser_cls',
      help: 'Cumulative Layout Shift from beacons (unitless)',
      labelNames: ['route', 'metric'],
      buckets: BUCKETS.score,
      registers: [registry],
    }),
    bytes: new client.Histogram({
      name: 'marquee_browser_memory_bytes',
      help: 'JS heap a page reported (performance.memory or measureUserAgentSpecificMemory)',
      labelNames: ['route', 'metric'],
      buckets: BUCKETS.bytes,
      registers: [registry],
    }),
  };
  const labTTIStatus = new client.Counter({
    name: 'marquee_browser_lab_tti_total',
    help: 'Page views by how the in-page lab TTI search ended',
    labelNames: ['route', 'status'],
    registers: [registry],
  });

  /** @type {Map<string, ReturnType<typeof createSeries>>} key: route + ' ' + metric */
  const series = new Map();
  /** @type {(import('./beacon-schema.js').Beacon & { receivedAt: number })[]} newest first */
  const recent = [];
  /** @type {Record<string, Record<string, number>>} */
  const statuses = Object.fromEntries(ROUTES.map((r) => [r, Object.fromEntries(LAB_TTI_STATUSES.map((s) => [s, 0]))]));
  const inpTargets = createINPTargets({ registry });
  const notRestored = createNotRestoredCounts({ registry });
  const earlyInput = createEarlyInputShare({ registry });
  const placeholderRows = createPlaceholderRowCounts({ registry });
  const navigations = createNavigationAggregates({ registry });
  const softNavigations = createSoftNavigationAggregates({ registry });
  const engines = createEngineSplit({ registry, buckets: BUCKETS.ms });
  let beacons = 0;

  /** @param {string} route @param {string} metric @param {number} value */
  function add(route, metric, value) {
    const key = `${route} ${metric}`;
    let one = series.get(key);
    if (!one) series.set(key, (one = createSeries(SERIES[metric].unit, minutes)));
    one.add(value, now());
    if (SERIES[metric].prometheus) histograms[SERIES[metric].unit].observe({ route, metric }, value);
  }

  return {
    /** @param {import('./beacon-schema.js').Beacon | import('./beacon-schema.js').NavigationBeacon} beacon an already validated beacon */
    record(beacon) {
      // A client-side navigation's beacon: its own figures, not a page view.
      if ('navigation' in beacon) return navigations.record(beacon.navigation);
      if ('softNavigation' in beacon) return softNavigations.record(beacon.softNavigation);
      beacons += 1;
      for (const [metric, value] of Object.entries(beacon.metrics)) add(beacon.route, metric, value);
      for (const value of beacon.keyInput) add(beacon.route, 'keyInput', value);
      for (const [name, value] of Object.entries(beacon.server)) add(beacon.route, `server.${name}`, value);
      inpTargets.record(beacon);
      notRestored.record(beacon.route, beacon.navigationType, beacon.notRestored ?? []);
      for (const value of beacon.earlyInput ?? []) add(beacon.route, 'earlyInput', value);
      // A back/forward cache restore has no TTI to search for (client/measure/restore-beacon.js).
      if (beacon.navigationType !== 'back-forward-cache') {
        earlyInput.record(beacon.route, beacon.earlyInput ?? []);
        placeholderRows.record(beacon.route, beacon.placeholderRows);
        engines.record(beacon);
        statuses[beacon.route][beacon.labTTIStatus] += 1;
        labTTIStatus.inc({ route: beacon.route, status: beacon.labTTIStatus });
      }
      recent.unshift({ ...beacon, receivedAt: now() });
      recent.length = Math.min(recent.length, RECENT_BEACONS);
    },

    /** Plain data for the dashboard and GET /perf/summary.json. */
    snapshot() {
      const routes = ROUTES.map((route) => ({
        route,
        labTTIStatus: { ...statuses[route] },
        metrics: Object.keys(SERIES).flatMap((metric) => {
          const seen = series.get(`${route} ${metric}`);
          return seen ? [{ name: metric, unit: SERIES[metric].unit, ...seen.summary() }] : [];
        }),
      }));
      return {
        beacons,
        routes,
        inpTargets: inpTargets.snapshot(),
        notRestored: notRestored.snapshot(),
        backForward: notRestored.backs(),
        earlyInput: earlyInput.snapshot(),
        placeholderRows: placeholderRows.snapshot(),
        navigations: navigations.snapshot(),
        softNavigations: softNavigations.snapshot(),
        engines: engines.snapshot(),
        recent: recent.map((b) => ({ ...b })),
      };
    },

    /** Sketch bins and minute buckets held: stays bounded however many beacons arrive. */
    footprint() {
      let bins = 0;
      let buckets = 0;
      for (const one of series.values()) {
        const size = one.footprint();
        bins += size.bins;
        buckets += size.minutes;
      }
      const inp = inpTargets.footprint();
      return {
        series: series.size,
        bins,
        minuteBuckets: buckets,
        recent: recent.length,
        inpTargets: inp.keys,
        inpTargetBins: inp.bins,
      };
    },
  };
}

/**
 * One route-and-metric series: an all-time sketch, fixed histogram counts and
 * a ring of per-minute sketches (for "p50 / p95 over time").
 * @param {'ms' | 'score' | 'bytes'} unit
 * @param {number} minutes how many minute buckets to keep
 */
function createSeries(unit, minutes) {
  const all = newSketch();
  const bounds = BUCKETS[unit];
  const counts = new Array(bounds.length + 1).fill(0);
  /** @type {{ minute: number, sketch: import('./sketch.js').Sketch }[]} oldest first */
  const ring = [];

  return {
    /** @param {number} value @param {number} at epoch ms */
    add(value, at) {
      all.accept(value);
      const i = bounds.findIndex((bound) => value <= bound);
      counts[i === -1 ? bounds.length : i] += 1;
      const minute = Math.floor(at / 60_000);
      if (ring.length === 0 || ring[ring.length - 1].minute !== minute) {
        ring.push({ minute, sketch: newSketch() });
        if (ring.length > minutes) ring.shift();
      }
      ring[ring.length - 1].sketch.accept(value);
    },
    summary() {
      return {
        ...quantiles(all),
        histogram: { bounds: [...bounds], counts: [...counts] },
        overTime: ring.map(({ minute, sketch }) => ({ minute: minute * 60_000, ...quantiles(sketch) })),
      };
    },
    footprint() {
      let bins = all.store.bins.length;
      for (const { sketch } of ring) bins += sketch.store.bins.length;
      return { bins, minutes: ring.length };
    },
  };
}
