// @ts-check
// GET /perf: the dashboard of what browsers reported, rendered from the
// compiled views/perf.hbs (compiled once per process, like every page shell)
// with inline SVG charts, so it reads fine without Grafana or any script.
import { histogramSvg, overTimeSvg, formatValue } from './svg-charts.js';
import { INP_PARTS } from './inp-targets.js';
import { navigationRows } from './navigation-dashboard.js';
import { backForwardRows } from './back-forward-dashboard.js';
import { ENGINE_METRICS } from './engines.js';
import { METRICS } from './beacon-fields.js';

/** What each INP target is on the page (client/measure/inp-attribution.js). */
const INP_TARGET_LABELS = Object.freeze({
  card__link: 'card link',
  card__info: 'card info toggle',
  'mylist--card': 'card My List',
  'mylist--page': 'title page My List',
  rating__star: 'rating star',
  row__link: 'row heading link',
  a: 'other link',
  button: 'other button',
  other: 'anything else',
});

/** People's names for the series, in display order. */
const LABELS = Object.freeze({
  appTTI: 'App TTI (hydrated)',
  labTTI: 'Lab TTI (Lighthouse definition)',
  tbt: 'Total Blocking Time',
  fcp: 'First Contentful Paint',
  lcp: 'Largest Contentful Paint',
  inp: 'Interaction to Next Paint',
  inpInputDelay: 'INP: input delay',
  inpProcessing: 'INP: processing',
  inpPresentation: 'INP: presentation delay',
  cls: 'Cumulative Layout Shift',
  ttfb: 'Time To First Byte',
  keyInput: 'Key press to next paint',
  earlyInput: 'Input before interactive: its wait',
  memory: 'JS heap',
  'server.upstream': 'Server: upstream',
  'server.render': 'Server: React render',
  'server.template': 'Server: templates',
  'server.total': 'Server: total',
});

/**
 * @param {{
 *   templates: { get(name: string): { head: (data: object) => string } },
 *   scope: ReturnType<typeof import('./cluster-sketches.js').perfScope>,
 * }} deps
 * @returns {import('express').RequestHandler}
 */
export function perfDashboard({ templates, scope }) {
  return async (_req, res) => {
    const html = templates.get('perf').head(dashboardData(await scope.snapshot(), res.locals.nonce));
    // Live figures: never served from a cache.
    res.status(200).type('html').set('Cache-Control', 'no-store').send(html);
  };
}

/**
 * @param {ReturnType<ReturnType<typeof import('./aggregate.js').createPerfAggregates>['snapshot']> & { scope: string }} snapshot
 * @param {string} nonce
 */
export function dashboardData(snapshot, nonce) {
  const order = Object.keys(LABELS);
  const routes = snapshot.routes
    .filter((r) => r.metrics.length > 0)
    .map((r) => {
      const metrics = [...r.metrics].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
      return {
        route: r.route,
        labTTIStatus: Object.entries(r.labTTIStatus)
          .filter(([, n]) => n > 0)
          .map(([status, n]) => `${status} ${n}`)
          .join(' · '),
        rows: metrics.map((m) => ({
          label: label(m.name),
          count: m.count,
          percentiles: QUANTILES.map(([key, q]) => percentileCell(m[key], m.unit, m.count, q)),
          max: formatValue(m.max, m.unit),
        })),
        charts: metrics.map((m) => ({
          label: label(m.name),
          histogram: histogramSvg({
            ...m.histogram,
            unit: m.unit,
            title: `${label(m.name)}: distribution on ${r.route}`,
          }),
          overTime: overTimeSvg({
            points: m.overTime,
            unit: m.unit,
            title: `${label(m.name)}: p50 and p95 per minute on ${r.route}`,
          }),
        })),
      };
    });
  const recent = snapshot.recent.map((b) => ({
    time: new Date(b.receivedAt).toISOString().slice(11, 19),
    route: b.route,
    navigationType: b.navigationType,
    effectiveType: b.effectiveType,
    appTTI: show(b.metrics.appTTI, 'ms'),
    labTTI: b.metrics.labTTI === undefined ? b.labTTIStatus : formatValue(b.metrics.labTTI, 'ms'),
    tbt: show(b.metrics.tbt, 'ms'),
    fcp: show(b.metrics.fcp, 'ms'),
    lcp: show(b.metrics.lcp, 'ms'),
    cls: show(b.metrics.cls, 'score'),
    serverTotal: show(b.server.total, 'ms'),
    // The page's log line has the same id (docs/measuring-tti.md, "From a field figure to its log line").
    requestId: b.requestId ?? '',
  }));
  const inpTargets = snapshot.inpTargets.map((t) => ({
    target: t.target,
    label: /** @type {Record<string, string>} */ (INP_TARGET_LABELS)[t.target] ?? t.target,
    type: t.type,
    count: t.count,
    few: t.count < FEW_SAMPLES,
    p75: INP_PARTS.map((part) => show(t.p75[part] ?? undefined, 'ms')),
  }));
  // Input before interactive: the share of page views that had any (views/partials/early-input.hbs).
  const earlyInput = (snapshot.earlyInput ?? []).map((r) => ({
    route: r.route,
    views: r.views,
    withInput: r.withInput,
    share: `${(r.share * 100).toFixed(1)}%`,
  }));
  // Rows seen before their cards: how often a visitor scrolled sooner than the rows loaded (./placeholder-rows.js).
  const placeholderRows = (snapshot.placeholderRows ?? []).map((r) => ({
    route: r.route,
    views: r.views,
    withPlaceholder: r.withPlaceholder,
    rows: r.rows,
    share: `${(r.share * 100).toFixed(1)}%`,
  }));
  const engines = (snapshot.engines ?? []).map((e) => ({
    engine: e.engine,
    count: e.count,
    few: e.count < FEW_SAMPLES,
    methods: Object.entries(e.methods)
      .filter(([, n]) => n > 0)
      .map(([method, n]) => `${method} ${n}`)
      .join(' · '),
    p75: ENGINE_METRICS.map((m) => show(e.p75[m] ?? undefined, METRICS[m].unit)),
  }));
  const scope =
    snapshot.scope === 'cluster' ? 'all workers' : snapshot.scope === 'process' ? 'this process' : snapshot.scope;
  return {
    nonce,
    beacons: snapshot.beacons,
    scope,
    hasData: routes.length > 0,
    routes,
    inpTargets,
    earlyInput,
    placeholderRows,
    navigations: navigationRows(snapshot.navigations ?? [], snapshot.softNavigations ?? []),
    backForward: backForwardRows(snapshot.backForward ?? [], snapshot.notRestored ?? {}),
    engines,
    recent,
    fewSamples: FEW_SAMPLES,
  };
}

/** The percentiles the table shows, in order. */
const QUANTILES = /** @type {const} */ ([
  ['p50', 0.5],
  ['p75', 0.75],
  ['p95', 0.95],
  ['p99', 0.99],
]);

/**
 * Below this many samples at or above it, a percentile is a handful of page
 * views (or of forged beacons within the rate limit): shown, but marked.
 */
export const FEW_SAMPLES = 5;

/**
 * A percentile and, beside it, how many samples lie at or above it: the
 * number of beacons that decide it. p99 of 65 samples is the largest one;
 * one beacon, real or forged, sets it.
 * @param {number} value
 * @param {'ms' | 'score' | 'bytes'} unit
 * @param {number} count samples in the series
 * @param {number} q 0..1
 */
export function percentileCell(value, unit, count, q) {
  // The sketch answers the sample of rank floor(q * (count - 1)), from 0.
  const atOrAbove = count - Math.floor(q * (count - 1));
  return { value: formatValue(value, unit), atOrAbove, few: atOrAbove < FEW_SAMPLES };
}

/** @param {string} name */
function label(name) {
  return /** @type {Record<string, string>} */ (LABELS)[name] ?? name;
}

/** @param {number | undefined} value @param {'ms' | 'score' | 'bytes'} unit */
function show(value, unit) {
  return value === undefined ? '—' : formatValue(value, unit);
}
