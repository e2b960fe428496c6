// @ts-check
// What `npm run exercise -- NN --check` prints of its measurement: the
// figures, the student's tree against the reference fix, the story's ratio
// beside the judged one, and the one line a measurer would say of them.
// Pure: lib/check.js measures, this only reads and words it.
import { FIGURES, ratio } from './report.js';

/** The student's figure may cost this much more than the reference's and pass. */
export const TOLERANCE = 1.2;
/** Figures where more is better; for the rest (times, CPU, calls) less is. */
const HIGHER_IS_BETTER = new Set(['rps']);

/**
 * What the student's figure costs against the reference's: above 1 is worse,
 * whichever way the figure runs.
 * @param {string} figure
 * @param {number | null | undefined} yours
 * @param {number | null | undefined} reference
 */
export function costRatio(figure, yours, reference) {
  return HIGHER_IS_BETTER.has(figure) ? ratio(reference, yours) : ratio(yours, reference);
}

/**
 * The figures, yours against the reference fix's, with the story's ratio (its
 * broken over fixed) beside the judged one.
 * @param {import('../index.js').Exercise} exercise
 * @param {import('../index.js').Figure} judged
 * @param {import('./report.js').Side} yours
 * @param {import('./report.js').Side} reference
 */
export function formatCheck(exercise, judged, yours, reference) {
  const { seed } = exercise;
  const seedRatio = ratio(seed.before, seed.after);
  const story = seedRatio === null ? (seed.note ?? '-') : `${seed.before} / ${seed.after} ${seed.unit} = ${seedRatio}x`;
  const figures = [judged, ...exercise.figures.filter((f) => f !== judged && f !== 'appTTI' && f !== 'labTTI')];
  const rows = [['', 'yours', 'reference', 'yours/reference', `${seed.source}, broken/fixed`]];
  for (const figure of figures) {
    const { label, unit } = FIGURES[figure];
    const r = ratio(yours[figure], reference[figure]);
    rows.push([
      `${label}${unit ? ` (${unit})` : ''}${figure === judged ? ' *' : ''}`,
      show(yours[figure]),
      show(reference[figure]),
      r === null ? '-' : `${r}x`,
      figure === judged ? story : '',
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const lines = rows.map((row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '),
  );
  const better = HIGHER_IS_BETTER.has(judged) ? 'higher' : 'lower';
  lines.push(
    `* judged: ${FIGURES[judged].label}, ${better} is better; a pass is within ${Math.round((TOLERANCE - 1) * 100)}% of the reference fix's`,
  );
  if (judged !== exercise.headline)
    lines.push(
      `  (the story's figure, ${FIGURES[exercise.headline].label}, is measured by \`npm run exercise -- ${exercise.id}\`)`,
    );
  return lines.join('\n');
}

/** @param {number | null | undefined} value */
function show(value) {
  return typeof value === 'number' ? String(value) : '-';
}

/**
 * What a measurer sees of the judged figure, in one line: both values and
 * their ratio, in the figure's own terms (no word of the code).
 * @param {import('../index.js').Figure} figure
 * @param {import('./report.js').Side} yours
 * @param {import('./report.js').Side} reference
 */
export function measuredLine(figure, yours, reference) {
  const { label, unit } = FIGURES[figure];
  const [y, r] = [yours[figure], reference[figure]];
  const better = HIGHER_IS_BETTER.has(figure) ? 'higher' : 'lower';
  if (typeof y !== 'number' || typeof r !== 'number')
    return `${label}: ${show(y)} on your tree, ${show(r)} on the reference fix's (nothing measured on a side: a busy machine, or pages slower than the run)`;
  const u = unit ? ` ${unit}` : '';
  return `${label} ${y}${u} on your tree against ${r}${u} on the reference fix's: ${ratio(y, r)}x (${better} is better)`;
}
