// @ts-check
// The size table a client build prints (client/build/index.js): every file's raw,
// gzip and brotli size, then the totals against their budgets, so a build
// over budget shows at once which file to look at.
import { BUDGETS, kb } from './budgets.js';

/**
 * @param {import('./manifest.js').SizeReport} report
 * @returns {string} a table of sizes and the budget lines
 */
export function formatReport(report) {
  const width = Math.max(4, ...report.files.map((f) => f.file.length));
  const row = (/** @type {string[]} */ ...cells) =>
    [cells[0].padEnd(width), ...cells.slice(1).map((cell) => cell.padStart(10))].join('  ');
  const rule = '-'.repeat(10);
  const lines = [row('file', 'raw', 'gzip', 'brotli'), row('-'.repeat(width), rule, rule, rule)];
  for (const f of report.files) lines.push(row(f.file, kb(f.raw), kb(f.gzip), f.brotli ? kb(f.brotli) : '—'));
  const verdict = (/** @type {number} */ size, /** @type {number} */ budget) => (size <= budget ? 'ok' : 'OVER BUDGET');
  lines.push('');
  for (const page of report.pages ?? [])
    lines.push(`  before hydration with ${page.file}: ${kb(page.beforeHydration)} gzip`);
  lines.push(
    `JS before hydration: ${kb(report.beforeHydration)} gzip (budget ${kb(BUDGETS.beforeHydration)}) ${verdict(report.beforeHydration, BUDGETS.beforeHydration)}`,
    `first-load JS:       ${kb(report.firstLoad)} gzip (budget ${kb(BUDGETS.firstLoad)}) ${verdict(report.firstLoad, BUDGETS.firstLoad)}`,
  );
  return lines.join('\n');
}
