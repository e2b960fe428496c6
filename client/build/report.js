// @ts-check
// The size table a client build prints (client/build/index.js): every file's raw,
// gzip and brotli size, then the totals against their budgets, so a build
// over budget shows at once which file to look at. Each total and each budget
// is split: the platform (client/build/platform.js) and Marquee's own code.
import { ALLOWANCES, LOADS, budgetParts, kb } from './budgets.js';

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
  lines.push('');
  for (const page of report.pages ?? [])
    lines.push(`  before hydration with ${page.file}: ${kb(page.beforeHydration)} gzip`);
  const { own, budget } = budgetParts(report, report.platform);
  const label = Math.max(...Object.values(LOADS).map((text) => text.length)) + 1;
  for (const load of /** @type {(keyof typeof LOADS)[]} */ (Object.keys(LOADS))) {
    const platform = report.platform[load];
    const left = budget[load] - report[load];
    lines.push(
      `${`${LOADS[load]}:`.padEnd(label)} ${kb(report[load])} gzip = platform ${kb(platform.gzip)} + Marquee ${kb(own[load])}`,
      `${' '.repeat(label)} budget ${kb(budget[load])} = platform ${kb(platform.gzip)} + Marquee's allowance ` +
        `${kb(ALLOWANCES[load])}: ${left >= 0 ? `ok, ${kb(left)} headroom` : `OVER BUDGET by ${kb(-left)}`}`,
      `${' '.repeat(label)} (platform: ${platform.packages.join(', ') || 'none'}, bundled alone)`,
    );
  }
  const inline = Object.entries(report.inline ?? {});
  if (inline.length > 0)
    lines.push(
      `inline in the head: ${inline.map(([name, gzip]) => `${name} ${gzip} B`).join(', ')} gzip ` +
        `(before hydration as well, outside these budgets: bytes of every page's HTML)`,
    );
  return lines.join('\n');
}

/**
 * What a build over budget prints: the budgets broken, then what grew since
 * the previous build, Marquee's code and the platform's apart.
 * @param {import('./manifest.js').SizeReport} report
 * @returns {string}
 */
export function formatOverBudget(report) {
  const list = (/** @type {string} */ title, /** @type {string[] | undefined} */ items) =>
    items?.length ? `${title}:\n  ${items.join('\n  ')}\n` : '';
  return (
    `Client bundle over budget:\n  ${report.overBudget.join('\n  ')}\n` +
    list("Marquee's code that grew since the previous build", report.grew) +
    list("The platform's code that grew (counted in the platform, not the allowance)", report.platformGrew) +
    'Move code behind a dynamic import() (below the fold) or drop a dependency; the size table above\n' +
    'lists every file. The allowances for Marquee\'s code are in package.json ("budgets"), docs/budgets.md.'
  );
}
