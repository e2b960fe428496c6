// @ts-check
// The quantile sketch every field-metrics figure is kept in: a DDSketch
// (relative-error quantile sketch, Masson et al., VLDB 2019) with a bin limit.
// Pitfall: percentiles from a sorted array of every sample grow memory without
// bound; a sketch with a bin limit never does.
import { LogCollapsingLowestDenseDDSketch } from '@datadog/sketches-js';

/** 1% relative error: p95 of 2,000 ms is reported within ±20 ms. */
const RELATIVE_ACCURACY = 0.01;
/** Bins per sketch; past it the lowest bins merge (the tail we care about stays exact). */
const SKETCH_BIN_LIMIT = 1024;

/** @typedef {LogCollapsingLowestDenseDDSketch} Sketch */

export function newSketch() {
  return new LogCollapsingLowestDenseDDSketch({ relativeAccuracy: RELATIVE_ACCURACY, binLimit: SKETCH_BIN_LIMIT });
}

/** @param {Sketch} sketch one with at least one sample */
export function quantiles(sketch) {
  // The sketch's ±1% can land a quantile just past the exact extremes: clamp.
  const at = (/** @type {number} */ q) =>
    round(Math.min(sketch.max, Math.max(sketch.min, sketch.getValueAtQuantile(q))));
  return {
    count: sketch.count,
    min: round(sketch.min),
    max: round(sketch.max),
    p50: at(0.5),
    p75: at(0.75),
    p95: at(0.95),
    p99: at(0.99),
  };
}

/** @param {number} n */
function round(n) {
  return Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 10000) / 10000;
}
