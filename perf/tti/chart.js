// @ts-check
// Every run of a perf:tti measurement as a standalone SVG: one strip per
// time metric on a shared millisecond axis, a dot per run and a bar at the
// median, so the spread is seen, not averaged away.
import { valueOf } from './summary-table.js';
import { distribution } from '../lib/stats.js';

const STRIPS = /** @type {const} */ ([
  ['ttfb', 'TTFB'],
  ['fcp', 'FCP'],
  ['lcp', 'LCP'],
  ['appTTI', 'App TTI'],
  ['labTTI', 'Lab TTI'],
  ['tbt', 'TBT'],
]);
const W = 760;
const ROW = 38;
const M = { left: 90, right: 30, top: 50, bottom: 40 };

/**
 * @param {import('../lib/page-run.js').RunResult[]} runs
 * @param {string} title
 * @returns {string}
 */
export function runsChartSvg(runs, title) {
  const strips = STRIPS.map(([key, label]) => ({
    label,
    values: runs.map((run) => valueOf(run, key)).filter((v) => v !== undefined),
  }));
  const top = niceMax(Math.max(1, ...strips.flatMap((s) => s.values)));
  const H = M.top + strips.length * ROW + M.bottom;
  const x = (/** @type {number} */ v) => M.left + (v / top) * (W - M.left - M.right);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${M.left}" y="24" font-size="14" font-weight="bold">${escapeXml(title)}</text>`,
  ];
  for (let i = 0; i <= 5; i += 1) {
    const v = (top / 5) * i;
    parts.push(`<line x1="${x(v)}" x2="${x(v)}" y1="${M.top - 8}" y2="${H - M.bottom}" stroke="#eee"/>`);
    parts.push(
      `<text x="${x(v)}" y="${H - M.bottom + 16}" text-anchor="middle" fill="#555">${Math.round(v)} ms</text>`,
    );
  }
  strips.forEach(({ label, values }, i) => {
    const y = M.top + i * ROW + ROW / 2;
    parts.push(`<text x="${M.left - 10}" y="${y + 4}" text-anchor="end">${escapeXml(label)}</text>`);
    values.forEach((v, run) => {
      // Runs fan out a little vertically so equal values stay visible.
      const dy = ((run % 5) - 2) * 3;
      parts.push(
        `<circle cx="${x(v).toFixed(1)}" cy="${y + dy}" r="4" fill="#1f6feb" fill-opacity="0.6"><title>run ${run + 1}: ${Math.round(v)} ms</title></circle>`,
      );
    });
    const median = distribution(values)?.median;
    if (median !== undefined)
      parts.push(
        `<line x1="${x(median)}" x2="${x(median)}" y1="${y - 12}" y2="${y + 12}" stroke="#d1242f" stroke-width="2"><title>median ${Math.round(median)} ms</title></line>`,
      );
  });
  parts.push(
    `<text x="${M.left}" y="${H - 8}" fill="#555">${runs.length} runs · dots: runs · red bar: median</text>`,
    '</svg>',
  );
  return parts.join('\n');
}

/** @param {number} v */
function niceMax(v) {
  const step = 10 ** Math.floor(Math.log10(v));
  return Math.ceil(v / step) * step;
}

/** @param {string} text */
function escapeXml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
