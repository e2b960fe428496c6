// @ts-check
// The load table as plain text: one row per concurrency level, one column
// per figure, right-aligned so levels compare at a glance.

/** @typedef {import('./level.js').Level} Level */

/** @type {[string, (level: Level) => unknown][]} */
const COLUMNS = [
  ['c', (l) => l.concurrency],
  ['req/s', (l) => l.rps],
  ['p50 ms', (l) => l.p50],
  ['p90 ms', (l) => l.p90],
  ['p99 ms', (l) => l.p99],
  ['errors', (l) => l.errors],
  ['timeouts', (l) => l.timeouts],
  ['non-2xx', (l) => l.non2xx],
  ['up errors', (l) => l.upstreamErrors],
  // Fewest cards a sampled page showed, of the healthy page's (page-check.js).
  ['cards', (l) => (l.expectedCards > 0 ? `${l.cardsMin ?? '-'}/${l.expectedCards}` : null)],
  ['TTFB p50', (l) => l.firstByteP50],
  // The server's own time per answer (http_request_duration_seconds): far above CPU ms/req is waiting inside the app.
  ['srv ms/req', (l) => l.serverMsPerRequest],
  ['CPU ms/req', (l) => l.cpuMsPerRequest],
  ['peak RSS MB', (l) => l.peakRssMb],
  ['ELD p99 ms', (l) => l.eventLoopDelayP99Ms],
  ['pool queue', (l) => l.poolPendingMax],
  ['up calls/req', (l) => l.upstreamCallsPerRequest],
  // Since the app started: near 0 for a pool kept alive, 1 for a new socket (a TLS handshake) per call.
  ['up sockets/call', (l) => l.upstreamConnectsPerCall],
  ['gen CPU', (l) => `${Math.round((l.generatorCpu ?? 0) * 100)}%${l.generatorLimited ? '!' : ''}`],
];

/** Figures compared by --vs, a over b. */
export const RATIO_FIGURES = /** @type {const} */ ([
  'rps',
  'p50',
  'p90',
  'p99',
  'firstByteP50',
  'cpuMsPerRequest',
  'peakRssMb',
  'eventLoopDelayP99Ms',
]);

/**
 * @param {Level[]} levels
 * @param {string} [title]
 */
export function formatTable(levels, title) {
  const rows = [COLUMNS.map(([name]) => name), ...levels.map((level) => COLUMNS.map(([, pick]) => show(pick(level))))];
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const lines = rows.map((row) => row.map((cell, i) => cell.padStart(widths[i])).join('  '));
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  const notes = levels
    .filter((l) => l.failures?.length > 0)
    .map((l) => `FAILED at c=${l.concurrency}: ${l.failures.join('; ')}`);
  for (const l of levels)
    if (l.shed > 0)
      notes.push(
        `shed at c=${l.concurrency}: ${l.shed} answers were the overload guard's 503 (marquee_requests_shed_total): past what the server can serve in time`,
      );
  for (const l of levels) if (l.tail) notes.push(tailNote(l));
  if (levels.some((l) => l.errors || l.timeouts))
    notes.push('errors: failed requests other than timeouts, which have their own column');
  if (levels.some((l) => l.generatorLimited))
    notes.push('!: the load generator used over 90% of its core; it, not the server, may be the limit');
  return [title ? `${title}\n` : '', ...lines, ...notes].join('\n');
}

/**
 * Where the wait of a level went, beside its latencies (level.js, tailOf).
 * @param {Level} l
 */
export function tailNote({ concurrency, tail: t, generatorCpu }) {
  const kb = (/** @type {number | null} */ bytes) => (bytes === null ? '-' : `${Math.round(bytes / 1024)} KB`);
  const pct = (/** @type {number | null} */ share) => (share === null ? '-' : `${Math.round(share * 100)}%`);
  return (
    `tail at c=${concurrency}: p99 ${show(t.p99OverP50)}x p50; first wave (each connection's first page, all sent at once) ` +
    `slowest ${show(t.firstWaveMaxMs)} ms, over at ${show(t.firstWaveEndMs)} ms; after it p50 ${show(t.steadyP50)} ms, ` +
    `p99 ${show(t.steadyP99)} ms (${show(t.steadyP99OverP50)}x, ${t.steadyPages} pages)\n` +
    `  outside the app: accept queue peak ${show(t.acceptQueueMax)}, listen overflows ${show(t.listenOverflows)}, ` +
    `unread by the app ${kb(t.unreadByAppMaxBytes)}, by the generator ${kb(t.unreadByGeneratorMaxBytes)} (peaks); ` +
    `waited for a core: app ${pct(t.appWaitedForCore)}, generator ${pct(t.generatorWaitedForCore)} ` +
    `(generator CPU ${pct(generatorCpu)}): ${t.measuredServer ? 'measured the server' : 'CHECK: the generator or the machine may be the limit'}`
  );
}

/**
 * @param {{ concurrency: number } & Record<string, number | null>} ratio
 */
export function formatRatios(ratio) {
  return `c=${ratio.concurrency}  ` + RATIO_FIGURES.map((figure) => `${figure} ${show(ratio[figure])}x`).join('  ');
}

/**
 * @param {Level} a
 * @param {Level} b
 */
export function ratioOf(a, b) {
  /** @type {{ concurrency: number } & Record<string, number | null>} */
  const ratio = { concurrency: a.concurrency };
  for (const figure of RATIO_FIGURES) {
    const x = /** @type {number | null} */ (a[figure]);
    const y = /** @type {number | null} */ (b[figure]);
    ratio[figure] = x !== null && y !== null && y !== 0 ? Math.round((x / y) * 100) / 100 : null;
  }
  return ratio;
}

/** @param {unknown} value */
function show(value) {
  if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) return '-';
  return String(value);
}
