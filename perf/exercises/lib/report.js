// @ts-check
// An exercise's figures, broken against fixed, beside its story's own: the
// ratio of each (broken over fixed, as a story's "before over after") and a
// plain verdict on the headline figure (same direction? same order of
// magnitude?). Pure: run.js measures, this only reads and words it.

/** @typedef {import('../index.js').Figure} Figure */
/** @typedef {Partial<Record<Figure, number | null>>} Side */

/** How each figure is named and shown. */
export const FIGURES = /** @type {const} */ ({
  p50: { label: 'p50', unit: 'ms' },
  p90: { label: 'p90', unit: 'ms' },
  p99: { label: 'p99', unit: 'ms' },
  rps: { label: 'pages/s (2xx)', unit: '' },
  cpuMsPerRequest: { label: 'server CPU per page', unit: 'ms' },
  serverMsPerRequest: { label: "the server's own time per answer (mean)", unit: 'ms' },
  eventLoopDelayP99Ms: { label: 'event-loop delay p99', unit: 'ms' },
  poolPendingMax: { label: 'upstream calls waiting for a socket (max)', unit: '' },
  upstreamCallsPerRequest: { label: 'upstream calls per page', unit: '' },
  upstreamConnectsPerCall: { label: 'new upstream sockets per call (since start)', unit: '' },
  pageTemplateMs: { label: 'page shell templating per page', unit: 'ms' },
  pageRenderMs: { label: 'React render per page', unit: 'ms' },
  bytesPerRequest: { label: 'HTML per page', unit: 'B' },
  routesRegistered: { label: 'marquee_routes_registered (peak)', unit: '' },
  secondsPer1000: { label: 'time for 1,000 pages', unit: 's' },
  peakRssMb: { label: 'peak RSS', unit: 'MB' },
  appTTI: { label: 'App TTI in Chromium (median)', unit: 'ms' },
  labTTI: { label: 'lab TTI in Chromium (median)', unit: 'ms' },
});

/**
 * One side's figures from perf:load's level (and Chromium's, exercise 05).
 * @param {Record<string, any>} level a perf:load level
 * @param {Side} [extra]
 * @returns {Side}
 */
export function sideFigures(level, extra = {}) {
  /** @type {Side} */
  const side = {};
  for (const figure of /** @type {Figure[]} */ (Object.keys(FIGURES))) {
    // Whole pages only: a 503 answered fast is not a page served.
    const pagesPerSecond = level.okRps ?? level.rps;
    if (figure === 'secondsPer1000') side[figure] = pagesPerSecond > 0 ? round(1000 / pagesPerSecond, 1) : null;
    else if (figure === 'rps') side[figure] = pagesPerSecond;
    else if (figure in level) side[figure] = level[figure];
  }
  return { ...side, ...extra };
}

/** @param {number | null | undefined} a @param {number | null | undefined} b */
export function ratio(a, b) {
  return typeof a === 'number' && typeof b === 'number' && b !== 0 ? round(a / b, 2) : null;
}

/**
 * The headline's verdict: does the measured ratio go the story's way, and by
 * about as much (within a factor of 10 of the story's ratio)?
 * @param {number | null} measured broken over fixed
 * @param {number | null} seed the story's before over after
 */
export function verdict(measured, seed) {
  if (measured === null) return 'no figure measured';
  if (seed === null) return `broken/fixed ${measured}x (the story gives no ratio to compare)`;
  const effect = Math.log10(measured);
  const story = Math.log10(seed);
  if (Math.abs(measured - 1) < 0.05) return `no clear effect here (${measured}x) against the story's ${seed}x`;
  const direction = Math.sign(effect) === Math.sign(story) ? 'same direction' : 'OPPOSITE direction';
  const magnitude =
    Math.abs(effect - story) < 1
      ? 'same order of magnitude'
      : Math.abs(effect) < Math.abs(story)
        ? 'an order of magnitude smaller'
        : 'an order of magnitude larger';
  return `${direction}, ${magnitude} (${measured}x here, ${seed}x in the story)`;
}

/**
 * The printed comparison.
 * @param {import('../index.js').Exercise} exercise
 * @param {{ broken: Side, fixed: Side }} sides
 */
export function formatComparison(exercise, { broken, fixed }) {
  const seedRatio = ratio(exercise.seed.before, exercise.seed.after);
  const rows = [['', 'broken', 'fixed', 'broken/fixed', `${exercise.seed.source} (seed)`]];
  for (const figure of exercise.figures) {
    const { label, unit } = FIGURES[figure];
    const seed =
      figure === exercise.headline
        ? seedRatio === null
          ? (exercise.seed.note ?? '-')
          : `${exercise.seed.before} / ${exercise.seed.after} ${exercise.seed.unit} = ${seedRatio}x`
        : '';
    rows.push([
      `${label}${unit ? ` (${unit})` : ''}${figure === exercise.headline ? ' *' : ''}`,
      show(broken[figure]),
      show(fixed[figure]),
      ratio(broken[figure], fixed[figure]) === null ? '-' : `${ratio(broken[figure], fixed[figure])}x`,
      seed,
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const lines = rows.map((r) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '),
  );
  const measured = ratio(broken[exercise.headline], fixed[exercise.headline]);
  return [...lines, `* headline, against the story (${exercise.seed.what}): ${verdict(measured, seedRatio)}`].join(
    '\n',
  );
}

/** @param {number | null | undefined} value */
function show(value) {
  return typeof value === 'number' ? String(value) : '-';
}

/** @param {number} value @param {number} digits */
function round(value, digits) {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
