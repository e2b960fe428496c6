// @ts-check
// The summary of a perf:nav run: per configuration the median (and spread)
// of each figure over its good runs, and with two configurations the ratio
// of their medians, B / A.
import { distribution } from '../lib/stats.js';

/** Figures in table order: key in a good run, label, unit. */
export const NAV_FIGURES = /** @type {const} */ ([
  ['headingMs', 'click → heading', 'ms'],
  ['completeMs', 'click → complete page', 'ms'],
  ['beaconHeadingMs', '  the beacon: → heading', 'ms'],
  ['beaconCompleteMs', '  the beacon: → complete', 'ms'],
  ['browserPaintMs', "  the browser's soft navigation: → first paint", 'ms'],
  ['requests', 'requests after the click', ''],
  ['modelRequests', '  of them /model.json', ''],
  ['dwellRequests', 'requests during the dwell', ''],
  ['backMs', 'Back → home rows (--back)', 'ms'],
  ['backListMs', 'Back → My List row with it', 'ms'],
  ['backReadsEndMs', 'Back → last read ended', 'ms'],
  ['backModelRequests', '/model.json after Back', ''],
]);

/**
 * @param {import('./run.js').NavRun[]} runs
 * @returns {Record<string, import('../lib/stats.js').Distribution | null>}
 */
export function summarizeRuns(runs) {
  const good = /** @type {import('./run.js').GoodRun[]} */ (runs.filter((run) => run.ok));
  return Object.fromEntries(NAV_FIGURES.map(([key]) => [key, distribution(good.map((run) => run[key]))]));
}

/**
 * B's median over A's, per figure (null where either has none or A's is 0).
 * @param {ReturnType<typeof summarizeRuns>} a
 * @param {ReturnType<typeof summarizeRuns>} b
 * @returns {Record<string, number | null>}
 */
export function ratiosOf(a, b) {
  return Object.fromEntries(
    NAV_FIGURES.map(([key]) => {
      const [x, y] = [a[key]?.median, b[key]?.median];
      return [key, x === undefined || y === undefined || x === 0 ? null : Math.round((y / x) * 100) / 100];
    }),
  );
}

/**
 * The table: one line per figure, a column per configuration (median, and
 * min–max), then B / A.
 * @param {{ name: string, summary: ReturnType<typeof summarizeRuns>, good: number, runs: number }[]} sides
 * @param {Record<string, number | null> | null} ratios
 */
export function summaryTable(sides, ratios) {
  const cell = (/** @type {import('../lib/stats.js').Distribution | null} */ d, /** @type {string} */ unit) =>
    d ? `${d.median}${unit ? ` ${unit}` : ''} (${d.min}–${d.max})` : '—';
  const header = ['', ...sides.map((s) => `${s.name} median (min–max), ${s.good}/${s.runs} good`)];
  if (ratios) header.push('B / A');
  // Figures no side measured (the Back ones without --back) are left out.
  const measured = NAV_FIGURES.filter(([key]) => sides.some((s) => s.summary[key] !== null));
  const rows = measured.map(([key, label, unit]) => {
    const row = [label, ...sides.map((s) => cell(s.summary[key], unit))];
    if (ratios) row.push(ratios[key] === null ? '—' : ratios[key].toFixed(2));
    return row;
  });
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i].length)));
  return [header, ...rows]
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join('   ')
        .trimEnd(),
    )
    .join('\n');
}
