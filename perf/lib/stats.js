// @ts-check
// The perf tools' shared number helpers: a time rounded for a report, and the
// distribution of one figure over N runs. Pitfall: on a 2-core machine
// (Chromium, the app and its catalog share the cores) one page load can be
// twice as slow as the next; a single run says nothing, the median and the
// spread of several do.

/**
 * @typedef {{ n: number, min: number, median: number, p90: number, max: number, spread: number, spreadPct: number }} Distribution
 */

/**
 * @param {number[]} values
 * @returns {Distribution | null} null when no run measured it
 */
export function distribution(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return null;
  const mid = Math.floor(n / 2);
  const median = n % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  // Nearest rank: the smallest value with at least 90% of the runs at or below it.
  const p90 = sorted[Math.max(0, Math.ceil(0.9 * n) - 1)];
  const spread = sorted[n - 1] - sorted[0];
  return {
    n,
    min: round(sorted[0]),
    median: round(median),
    p90: round(p90),
    max: round(sorted[n - 1]),
    spread: round(spread),
    spreadPct: median > 0 ? Math.round((spread / median) * 100) : 0,
  };
}

/** @param {number} value */
function round(value) {
  return Math.abs(value) >= 10 ? Math.round(value * 10) / 10 : Math.round(value * 10000) / 10000;
}

/**
 * A time in ms to one decimal, the precision perf:nav reports (perf/nav/run.js,
 * back.js): one helper, so both parts of a run round alike.
 * @param {number} ms
 */
export function roundMs(ms) {
  return Math.round(ms * 10) / 10;
}

/**
 * @param {number} value
 * @param {number} digits
 * @returns {number | null} to that many decimals; null for NaN or an infinity (JSON has neither)
 */
export function roundTo(value, digits) {
  if (!Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
