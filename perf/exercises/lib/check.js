// @ts-check
// npm run exercise -- NN --check [--quick]: judges a student's fix on the
// working tree as it is. First the exercise's own behaviour test (lib/behaviour.js);
// then the measurement: the student's tree (A, its real code path, built from
// the working tree) against the reference fix (B, lib/reference-tree.js),
// alternating round by round in one perf:load run. A pass is the behaviour
// test passing and the student's figure within 20% of the reference's, or
// better. --quick measures briefly and does not judge the figure: a second
// of load on a shared machine is a dry run, not a verdict.
import { fileURLToPath } from 'node:url';
import { runBehaviourTest, unparsable, wordFailures } from './behaviour.js';
import { measurePair } from './load-pair.js';
import { makeReferenceTree } from './reference-tree.js';
import { ensureClientBuild } from '../../../deploy/lib/processes.js';
import { FIGURES, ratio, sideFigures } from './report.js';
import { filesOf, patchOf } from './unfix.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The student's figure may cost this much more than the reference's and pass. */
export const TOLERANCE = 1.2;
/** Figures where more is better; for the rest (times, CPU, calls) less is. */
const HIGHER_IS_BETTER = new Set(['rps']);
/**
 * --quick: a dry run of the whole path, seconds of load per side. One round
 * of 2 s each, no warm-up (the measured page is asked once before: --prime):
 * what a test can afford ten times. Rounds of 1 s completed no page of 06's
 * 270 cards at c=20 on a loaded machine, and at a load average of 30 even 2 s
 * rounds saw none of 10's on one side (pages of 1.8 s): a dry run that
 * measures nothing proves nothing, and fails, saying so.
 */
export const QUICK = Object.freeze({ duration: 2, rounds: 1, warmup: 0 });

/**
 * @param {import('../index.js').Exercise} exercise
 * @param {{ quick: boolean, duration: number, rounds: number, warmup: number, keepGuard: boolean }} options
 * @returns {Promise<number>} the exit code: 0 on a pass
 */
export async function checkExercise(exercise, options) {
  const { id } = exercise;
  const files = filesOf(patchOf(exercise));
  const syntax = unparsable(files, ROOT);
  if (syntax) {
    console.error(`exercise ${id}: ${syntax}: fix that first (\`git diff -- ${files.join(' ')}\` shows your edits)`);
    return 1;
  }

  // The tests that serve pages, and the copy below, read the client build's manifest.
  await ensureClientBuild();
  const behaviour = await runBehaviourTest(exercise, ROOT);
  if (behaviour.crashed || behaviour.failures.length > 0) {
    console.log(wordFailures(exercise, behaviour).join('\n'));
    console.log('  (the measurement runs once the behaviour is right)');
    return 1;
  }
  console.log(
    `exercise ${id}: the behaviour test passes (${behaviour.passed} tests in test/exercise-${id}-${exercise.slug}.test.js).`,
  );

  const reference = makeReferenceTree(exercise);
  try {
    const run = options.quick ? { ...options, ...QUICK } : options;
    const figure = exercise.checkFigure ?? exercise.headline;
    console.error(
      `exercise ${id}: measuring your tree (A) against the reference fix (B: ${reference.from}), alternating, ${run.rounds} round${run.rounds === 1 ? '' : 's'} of ${run.duration / run.rounds} s each`,
    );
    const { command, report } = await measurePair(exercise, { ...run, vsRoot: reference.dir });
    const [yours, theirs] = [report.a.levels[0], report.b.levels[0]];
    console.log(`\n  ${command.replace(reference.dir, '<reference fix>')}\n`);
    console.log(formatCheck(exercise, figure, sideFigures(yours), sideFigures(theirs)));
    // Broken pages on both sides are the machine's (upstream timeouts on a busy one), not the fix's.
    if (yours.failures.length > 0 && theirs.failures.length > 0) {
      console.log(
        `exercise ${id}: NOT JUDGED: both sides served broken pages (${yours.failures.join('; ')}), the reference fix too: the machine is too busy; run it again when it is quieter`,
      );
      return 1;
    }
    if (yours.failures.length > 0) {
      console.log(`exercise ${id}: FAIL: your pages came back broken under load: ${yours.failures.join('; ')}`);
      return 1;
    }
    const cost = costRatio(figure, sideFigures(yours)[figure], sideFigures(theirs)[figure]);
    if (options.quick && cost === null) {
      console.log(
        `exercise ${id}: behaviour PASS; measured nothing on one side in a quick run (perf:load's output above says why): on a busy machine, run it again when it is quieter`,
      );
      return 1;
    }
    if (options.quick) {
      console.log(
        `exercise ${id}: behaviour PASS; measured ${cost}x the reference's cost in a quick run, not judged (\`npm run exercise -- ${id} --check\` judges)`,
      );
      return 0;
    }
    if (cost === null) {
      console.log(
        `exercise ${id}: FAIL: no ${FIGURES[figure].label} measured on one side (see perf:load's output above)`,
      );
      return 1;
    }
    const pass = cost <= TOLERANCE;
    console.log(
      pass
        ? `exercise ${id}: PASS: yours costs ${cost}x the reference fix's ${FIGURES[figure].label} (within ${Math.round((TOLERANCE - 1) * 100)}%, or better)`
        : `exercise ${id}: FAIL: yours costs ${cost}x the reference fix's ${FIGURES[figure].label}, more than ${TOLERANCE}x: the behaviour is right, the speed not yet (\`--hint\`)`,
    );
    return pass ? 0 : 1;
  } finally {
    reference.remove();
  }
}

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
