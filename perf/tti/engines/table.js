// @ts-check
// perf:tti --browser's table: figures down, a column per engine (and, with
// --vs, per engine and page, each engine's B / A beside its pages).
import { FIGURES } from '../summary-table.js';
import { format } from '../../lib/format.js';

/**
 * @typedef {{ engine: string, page: 'A' | 'B' | null, summary: Record<string, import('../../lib/stats.js').Distribution> }} Column
 */

/**
 * Each engine's ratio of the medians, B / A, per figure both pages measured.
 * @param {Column[]} columns
 * @returns {Record<string, Record<string, number>>} by engine, then by figure
 */
export function engineRatios(columns) {
  /** @type {Record<string, Record<string, number>>} */
  const ratios = {};
  for (const a of columns.filter((c) => c.page === 'A')) {
    const b = columns.find((c) => c.page === 'B' && c.engine === a.engine);
    if (!b) continue;
    ratios[a.engine] = {};
    for (const [key, da] of Object.entries(a.summary)) {
      const db = b.summary[key];
      if (db && da.median > 0) ratios[a.engine][key] = Math.round((db.median / da.median) * 100) / 100;
    }
  }
  return ratios;
}

/**
 * Each cell the median and how many runs had the figure; — where the engine
 * does not offer it; a ratio column after each engine's B with --vs.
 * @param {Column[]} columns
 * @param {number} runs
 * @returns {string}
 */
export function engineTable(columns, runs) {
  const ratios = engineRatios(columns);
  /** @type {{ label: string, cell: (key: string, unit: (typeof FIGURES)[number][2]) => string }[]} */
  const cells = [];
  for (const c of columns) {
    cells.push({
      label: c.page ? `${c.engine}:${c.page}` : c.engine,
      cell: (key, unit) => {
        const d = c.summary[key];
        return d ? `${format(d.median, unit)} (${d.n}/${runs})` : '—';
      },
    });
    if (c.page === 'B')
      cells.push({
        label: `${c.engine}:B/A`,
        cell: (key) => (ratios[c.engine]?.[key] === undefined ? '—' : `${ratios[c.engine][key].toFixed(2)}x`),
      });
  }
  const header = ['figure', ...cells.map((c) => c.label)];
  const rows = FIGURES.filter(([key]) => columns.some((c) => c.summary[key])).map(([key, label, unit]) => [
    label,
    ...cells.map((c) => c.cell(key, unit)),
  ]);
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
  const line = (/** @type {string[]} */ row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
