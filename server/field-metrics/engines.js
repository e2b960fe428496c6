// @ts-check
// Field data per browser engine (the beacon's `engine`, from the page's own
// feature tests: client/measure/engine.js): page views, how lab TTI was
// measured there (Long Tasks, LoAF or the frame heartbeat), and p75 of the
// load and interaction figures, so /perf and Prometheus tell Blink's visitors
// from Gecko's and WebKit's. Beside the per-route series, not inside them: the
// route histograms keep their labels (dashboards and rules read them).
// Pitfall: labels are cardinality; `engine` and `labTTIMethod` come from the
// fixed ENGINES and LAB_TTI_METHODS the schema admits: at most 4 × 4 keys.
import client from 'prom-client';
import { ENGINES, LAB_TTI_METHODS, METRICS } from './beacon-fields.js';
import { newSketch, quantiles } from './sketch.js';

/** The figures compared across engines, in the dashboard's column order. */
export const ENGINE_METRICS = Object.freeze(['appTTI', 'labTTI', 'tbt', 'fcp', 'lcp', 'inp', 'cls']);

/**
 * @param {{ registry: import('prom-client').Registry, buckets: readonly number[] }} options
 *   buckets: the page-load histogram bounds (ms) of ./aggregate.js
 */
export function createEngineSplit({ registry, buckets }) {
  const histogram = new client.Histogram({
    name: 'marquee_browser_metric_by_engine_ms',
    help: 'Browser-measured page metrics from beacons by engine family (blink, gecko, webkit, other), in milliseconds',
    labelNames: ['engine', 'metric'],
    buckets: [...buckets],
    registers: [registry],
  });
  const views = new client.Counter({
    name: 'marquee_browser_beacons_by_engine_total',
    help: 'Page views (beacons) by engine family and by what measured lab TTI (none: not ended or not measurable)',
    labelNames: ['engine', 'lab_tti_method'],
    registers: [registry],
  });
  /** @type {Map<string, { count: number, methods: Record<string, number>, sketches: Record<string, import('./sketch.js').Sketch> }>} */
  const engines = new Map();

  return {
    /** @param {import('./beacon-schema.js').Beacon} beacon an already validated beacon */
    record({ engine, labTTIMethod, metrics }) {
      let one = engines.get(engine);
      if (!one) {
        one = {
          count: 0,
          methods: Object.fromEntries(LAB_TTI_METHODS.map((m) => [m, 0])),
          sketches: Object.fromEntries(ENGINE_METRICS.map((m) => [m, newSketch()])),
        };
        engines.set(engine, one);
      }
      one.count += 1;
      one.methods[labTTIMethod] += 1;
      views.inc({ engine, lab_tti_method: labTTIMethod });
      for (const metric of ENGINE_METRICS) {
        if (metrics[metric] === undefined) continue;
        one.sketches[metric].accept(metrics[metric]);
        if (METRICS[metric].unit === 'ms') histogram.observe({ engine, metric }, metrics[metric]);
      }
    },

    /**
     * Per engine seen, in ENGINES order: page views, lab TTI methods, p75 of each figure (null: none reported).
     * @returns {{ engine: string, count: number, methods: Record<string, number>, p75: Record<string, number | null> }[]}
     */
    snapshot() {
      return ENGINES.filter((engine) => engines.has(engine)).map((engine) => {
        const one = /** @type {NonNullable<ReturnType<typeof engines.get>>} */ (engines.get(engine));
        return {
          engine,
          count: one.count,
          methods: { ...one.methods },
          p75: Object.fromEntries(
            ENGINE_METRICS.map((m) => [m, one.sketches[m].count > 0 ? quantiles(one.sketches[m]).p75 : null]),
          ),
        };
      });
    },
  };
}
