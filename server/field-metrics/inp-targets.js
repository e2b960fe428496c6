// @ts-check
// Where INP goes: per interaction target and type (client/measure/inp-attribution.js),
// how many page views had their INP there, and p75 of INP and of its three
// phases, so the dashboard says which element to fix and which phase to fix
// first. Only beacons that carry attribution count (inpTarget not 'none').
// Pitfall: labels from the beacon are cardinality; these come from the fixed
// INP_TARGETS and INP_TYPES the schema admits, so at most 9 × 2 keys exist.
import client from 'prom-client';
import { INP_PHASES, INP_TARGETS, INP_TYPES } from './beacon-fields.js';
import { newSketch, quantiles } from './sketch.js';

/** INP and its phases, in the dashboard's column order. */
export const INP_PARTS = Object.freeze(['inp', ...INP_PHASES]);

/**
 * Interaction buckets (ms): phases run from under a frame to seconds, so
 * finer at the bottom than the page-load buckets; 200 and 500 are INP's limits.
 */
export const INP_BUCKETS = Object.freeze([8, 16, 25, 50, 100, 200, 300, 500, 750, 1000, 2000, 5000, 10000]);

/** @param {{ registry: import('prom-client').Registry }} options */
export function createINPTargets({ registry }) {
  const histogram = new client.Histogram({
    name: 'marquee_browser_inp_by_target_ms',
    help: 'INP and its phases from beacons, by what was interacted with and how, in milliseconds',
    labelNames: ['target', 'type', 'metric'],
    buckets: [...INP_BUCKETS],
    registers: [registry],
  });
  /** @type {Map<string, Record<string, import('./sketch.js').Sketch>>} key: target + ' ' + type */
  const sketches = new Map();

  return {
    /** @param {import('./beacon-schema.js').Beacon} beacon an already validated beacon */
    record({ inpTarget: target, inpType: type, metrics }) {
      if (target === 'none' || metrics.inp === undefined) return;
      const key = `${target} ${type}`;
      let parts = sketches.get(key);
      if (!parts) sketches.set(key, (parts = Object.fromEntries(INP_PARTS.map((part) => [part, newSketch()]))));
      for (const part of INP_PARTS) {
        if (metrics[part] === undefined) continue;
        parts[part].accept(metrics[part]);
        histogram.observe({ target, type, metric: part }, metrics[part]);
      }
    },

    /**
     * Per target and type that has interactions, in INP_TARGETS order:
     * count (page views whose INP it was) and p75 of each part (null: none reported).
     * @returns {{ target: string, type: string, count: number, p75: Record<string, number | null> }[]}
     */
    snapshot() {
      return INP_TARGETS.flatMap((target) =>
        INP_TYPES.filter((type) => sketches.has(`${target} ${type}`)).map((type) => {
          const parts = /** @type {Record<string, import('./sketch.js').Sketch>} */ (sketches.get(`${target} ${type}`));
          return {
            target,
            type,
            count: parts.inp.count,
            p75: Object.fromEntries(
              INP_PARTS.map((part) => [part, parts[part].count > 0 ? quantiles(parts[part]).p75 : null]),
            ),
          };
        }),
      );
    },

    /** Sketch bins held: bounded by the fixed keys times the bin limit. */
    footprint() {
      let bins = 0;
      for (const parts of sketches.values())
        for (const sketch of Object.values(parts)) bins += sketch.store.bins.length;
      return { keys: sketches.size, bins };
    },
  };
}
