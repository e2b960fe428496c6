// @ts-check
// The summary of a perf:tti run: per figure min / median / p90 / max and the
// spread, as a plain-text table and as the JSON document --json writes.
import { distribution } from '../lib/stats.js';
import { format } from '../lib/format.js';

/** Figures in table order: key in the run, label, unit. */
export const FIGURES = /** @type {const} */ ([
  ['appTTI', 'App TTI', 'ms'],
  ['labTTI', 'Lab TTI', 'ms'],
  // Until the release after issue 37: Chromium's lab TTI by Long Tasks, as before LoAF.
  ['tbt', 'TBT', 'ms'],
  ['fcp', 'FCP', 'ms'],
  ['lcp', 'LCP', 'ms'],
  ['cls', 'CLS', 'score'],
  ['ttfb', 'TTFB', 'ms'],
  ['documentResponseEnd', 'HTML responseEnd', 'ms'],
  ['inp', 'INP', 'ms'],
  ['keyInput', 'Key press → paint', 'ms'],
  ['loadRow', 'Row below the fold: load', 'ms'],
  ['memory', 'JS heap', 'bytes'],
  ['htmlBytes', 'HTML bytes', 'bytes'],
  ['jsBytes', 'JS bytes', 'bytes'],
  ['jsGzipBytes', 'JS bytes gzip', 'bytes'],
  ['requests', 'Requests', 'count'],
]);

/**
 * A run's value for a figure (key presses: their median within the run).
 * @param {import('../lib/page-run.js').RunResult} run
 * @param {string} key
 * @returns {number | undefined}
 */
export function valueOf(run, key) {
  if (key === 'keyInput') return distribution(run.keyInput)?.median;
  if (key in run.metrics) return run.metrics[key];
  const value = /** @type {Record<string, unknown>} */ (run)[key];
  return typeof value === 'number' ? value : undefined;
}

/**
 * @param {import('../lib/page-run.js').RunResult[]} runs
 * @returns {Record<string, import('../lib/stats.js').Distribution>} keyed by figure; figures no run measured are left out
 */
export function summarize(runs) {
  /** @type {Record<string, import('../lib/stats.js').Distribution>} */
  const summary = {};
  for (const [key] of FIGURES) {
    const values = runs.map((run) => valueOf(run, key)).filter((v) => v !== undefined);
    const dist = distribution(values);
    if (dist) summary[key] = dist;
  }
  return summary;
}

/**
 * @param {Record<string, import('../lib/stats.js').Distribution>} summary
 * @param {number} runs
 * @returns {string}
 */
export function summaryTable(summary, runs) {
  const header = ['figure', 'n', 'min', 'median', 'p90', 'max', 'spread'];
  const rows = FIGURES.filter(([key]) => summary[key]).map(([key, label, unit]) => {
    const d = summary[key];
    return [
      label,
      `${d.n}/${runs}`,
      ...[d.min, d.median, d.p90, d.max].map((v) => format(v, unit)),
      `${format(d.spread, unit)} (${d.spreadPct}%)`,
    ];
  });
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
  const line = (/** @type {string[]} */ row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
