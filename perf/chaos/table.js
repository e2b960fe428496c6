// @ts-check
// The chaos table as plain text: one row per scenario, its notes under it.

/** @typedef {Awaited<ReturnType<typeof import('./run.js').runScenario>>} ScenarioResult */

/** @type {[string, (r: ScenarioResult) => unknown][]} */
export const CHAOS_COLUMNS = [
  ['scenario', (r) => r.scenario],
  ['sent', (r) => r.sent],
  ['completed', (r) => r.completed],
  ['failed', (r) => r.failed],
  ['refused', (r) => r.refused],
  ['truncated', (r) => r.truncated],
  ['blank', (r) => `${r.blank}/${r.sampled}`],
  ['503', (r) => r.status503],
  ['other non-200', (r) => r.otherNon200],
  ['p50 ms', (r) => r.p50],
  ['p99 ms', (r) => r.p99],
  ['app p50 ms', (r) => bound(r.appP50Ms)],
  ['app p99 ms', (r) => bound(r.appP99Ms)],
  ['upstream p50/p99 ms', (r) => `${bound(r.upstreamP50Ms) ?? '-'}/${bound(r.upstreamP99Ms) ?? '-'}`],
  ['attempt p99 ms', (r) => bound(r.attemptP99Ms)],
  ['pool pending', (r) => r.peakPoolPending],
  ['pages/s per instance', (r) => r.servedPerS],
  ['cores per instance', (r) => r.cpuBusy],
  ['nginx p50/p99 ms', (r) => (r.nginx ? `${r.nginx.p50}/${r.nginx.p99}` : null)],
  ['generator lag p99/max ms', (r) => `${r.generatorLagMs.p99}/${r.generatorLagMs.max}`],
  ['peak RSS MB', (r) => r.peakRssMb],
];

const LEGEND = [
  'completed: whole answers (a page with its </html>); failed: cut, reset or timed out (truncated included);',
  'refused: connection refused (nothing listened); truncated: 200 pages without </html>;',
  'blank: sampled 200 pages (1 in 4) without a single class="card"; p50/p99: of 200 answers, as the client waited;',
  "app p50/p99: the same pages inside the app, every instance's (its duration histogram: request parsed to last byte; a bucket's upper bound);",
  'upstream: the part of those pages spent waiting for the catalog; attempt p99: one upstream call, its wait for a pool socket included;',
  'pool pending: the most calls waiting for a pool socket at once, all instances, sampled every 0.5 s;',
  'pages/s, cores per instance: pages the app served (200) and the CPU its process used, per second of load;',
  "nginx: with --fleet, the same pages in nginx's log ($request_time: first byte read to last byte sent);",
  "generator lag: the load generator's event-loop delay (a starved generator adds it to every answer's wait);",
  'peak RSS: the app (VmHWM).',
];

/** @param {ScenarioResult[]} results */
export function formatChaosTable(results) {
  const rows = [
    CHAOS_COLUMNS.map(([name]) => name),
    ...results.map((r) => CHAOS_COLUMNS.map(([, pick]) => show(pick(r)))),
  ];
  const widths = CHAOS_COLUMNS.map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const lines = rows.map((row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '),
  );
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  const notes = results.flatMap((r) => [`${r.scenario}: ${r.what}`, ...r.notes.map((note) => `  ${note}`)]);
  return [...lines, '', ...LEGEND, '', ...notes].join('\n');
}

/** @param {ScenarioResult} result one line: name=value for every column */
export function formatChaosRow(result) {
  return CHAOS_COLUMNS.map(([name, pick]) => `${name} ${show(pick(result))}`).join(', ');
}

/** @param {number | null | undefined} ms a histogram bucket's upper bound */
function bound(ms) {
  if (ms === null || ms === undefined) return null;
  return ms === Infinity ? '>last bucket' : `≤${ms}`;
}

/** @param {unknown} value */
function show(value) {
  if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) return '-';
  return String(value);
}
