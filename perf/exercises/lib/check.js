// @ts-check
// npm run exercise -- NN --check [--quick] [--explain]: judges a student's fix
// on the working tree as it is. First the exercise's own behaviour test
// (lib/behaviour.js); then the measurement: the student's tree (A, its real
// code path, built from the working tree) against the reference fix (B,
// lib/reference-tree.js), alternating round by round in one perf:load run. A
// pass is the behaviour test passing and the student's figure within 20% of
// the reference's, or better. --quick measures briefly and does not judge the
// figure: a second of load on a shared machine is a dry run, not a verdict.
// Where the behaviour test fails, the quick measurement runs all the same:
// a failing check teaches by what a measurer sees, in numbers, and the tool
// to start with (the first hint's); the cause only with --explain
// (lib/explain.js).
import { fileURLToPath } from 'node:url';
import { behaviourLines, runBehaviourTest, testFileOf, unparsable } from './behaviour.js';
import { measurePair } from './load-pair.js';
import { makeReferenceTree } from './reference-tree.js';
import { ensureClientBuild } from '../../../deploy/lib/processes.js';
import { FIGURES, sideFigures } from './report.js';
import { TOLERANCE, costRatio, formatCheck, measuredLine } from './check-table.js';
import { explainsNow, explanationLines, rememberExplanation } from './explain.js';
import { commandOf, hintsOf } from './hints.js';
import { filesOf, patchOf } from './unfix.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/**
 * --quick: a dry run of the whole path, briefly: a warm-up of 2 s per side
 * (the measured page is also asked once before: --prime), then two rounds of
 * 3 s each, alternating. Enough load that a tree with the pitfall in reads
 * beyond the pass margin on its judged figure (a round of 2 s without a
 * warm-up read cold caches and JIT as often as the pitfall), and still what a
 * test can afford ten times. A dry run that measures nothing proves nothing,
 * and fails, saying so.
 */
export const QUICK = Object.freeze({ duration: 6, rounds: 2, warmup: 2 });

/**
 * @param {import('../index.js').Exercise} exercise
 * @param {{ quick: boolean, explain: boolean, duration: number, rounds: number, warmup: number, keepGuard: boolean }} options
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
  const behaves = !behaviour.crashed && behaviour.failures.length === 0;
  if (behaves)
    console.log(
      `exercise ${id}: the behaviour test passes (${behaviour.passed} test${behaviour.passed === 1 ? '' : 's'} in ${testFileOf(exercise)}).`,
    );
  else console.log(`exercise ${id}: the behaviour test fails; measuring what that costs, briefly (not judged)`);

  const reference = makeReferenceTree(exercise);
  try {
    // A wrong behaviour is not judged by its speed: a quick run shows what a measurer would see.
    const quick = options.quick || !behaves;
    const run = quick ? { ...options, ...QUICK } : options;
    const figure = exercise.checkFigure ?? exercise.headline;
    console.error(
      `exercise ${id}: measuring your tree (A) against the reference fix (B: ${reference.from}), alternating, ${run.rounds} round${run.rounds === 1 ? '' : 's'} of ${run.duration / run.rounds} s each`,
    );
    /** @type {{ yours: import('./report.js').Side, theirs: import('./report.js').Side, failures: string[][] } | null} */
    let measured = null;
    try {
      const { command, report } = await measurePair(exercise, { ...run, vsRoot: reference.dir });
      const [a, b] = [report.a.levels[0], report.b.levels[0]];
      console.log(`\n  ${command.replace(reference.dir, '<reference fix>')}\n`);
      measured = { yours: sideFigures(a), theirs: sideFigures(b), failures: [a.failures, b.failures] };
      console.log(formatCheck(exercise, figure, measured.yours, measured.theirs));
    } catch (error) {
      if (behaves) throw error;
      // The student's tree may not even start: the behaviour is what to fix first.
      console.log(`\n  the measurement did not run: ${error.message.split('\n')[0]}`);
    }
    if (!behaves) return teach(exercise, options, behaviour, figure, measured, 'not fixed yet');
    if (!measured) return 1; // Unreachable: a behaving tree's failed measurement threw above.
    const [yours, theirs] = measured.failures;
    // Broken pages on both sides are the machine's (upstream timeouts on a busy one), not the fix's.
    if (yours.length > 0 && theirs.length > 0) {
      console.log(
        `exercise ${id}: NOT JUDGED: both sides served broken pages (${yours.join('; ')}), the reference fix too: the machine is too busy; run it again when it is quieter`,
      );
      return 1;
    }
    if (yours.length > 0)
      return teach(
        exercise,
        options,
        behaviour,
        figure,
        measured,
        `FAIL: your pages came back broken under load: ${yours.join('; ')}`,
      );
    const cost = costRatio(figure, measured.yours[figure], measured.theirs[figure]);
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
      rememberExplanation(exercise, { lines: explanationLines(exercise, behaviour), passed: true });
      return 0;
    }
    if (cost === null) {
      console.log(
        `exercise ${id}: FAIL: no ${FIGURES[figure].label} measured on one side (see perf:load's output above)`,
      );
      return 1;
    }
    if (cost <= TOLERANCE) {
      console.log(
        `exercise ${id}: PASS: yours costs ${cost}x the reference fix's ${FIGURES[figure].label} (within ${Math.round((TOLERANCE - 1) * 100)}%, or better)`,
      );
      rememberExplanation(exercise, { lines: explanationLines(exercise, behaviour), passed: true });
      return 0;
    }
    return teach(
      exercise,
      options,
      behaviour,
      figure,
      measured,
      `FAIL: yours costs ${cost}x the reference fix's ${FIGURES[figure].label}, more than ${TOLERANCE}x: the behaviour is right, the speed not yet`,
    );
  } finally {
    reference.remove();
  }
}

/**
 * A failing check, in what a measurer sees: the verdict, the judged figure
 * against the reference fix's, the symptom from outside, the behaviour test's
 * count of failures, and the first hint's tool; the cause only when asked
 * (or after the third hint). The explanation is kept for `--explain`.
 * @param {import('../index.js').Exercise} exercise
 * @param {{ explain: boolean }} options
 * @param {import('./behaviour.js').BehaviourResult} behaviour
 * @param {import('../index.js').Figure} figure
 * @param {{ yours: import('./report.js').Side, theirs: import('./report.js').Side } | null} measured
 * @param {string} verdict
 * @returns {number} the exit code: 1
 */
function teach(exercise, options, behaviour, figure, measured, verdict) {
  const { id } = exercise;
  const lines = [`exercise ${id}: ${verdict}.`];
  if (measured)
    lines.push(`  What a measurer sees, in the same run: ${measuredLine(figure, measured.yours, measured.theirs)}.`);
  const behaves = !behaviour.crashed && behaviour.failures.length === 0;
  lines.push(
    `  ${behaves ? 'The pitfall, seen from outside' : 'From outside'}: ${exercise.symptom}.`,
    ...behaviourLines(exercise, behaviour),
  );
  const first = commandOf(hintsOf(exercise)[0] ?? '');
  if (first)
    lines.push(
      `  The tool to start with (the first hint's): ${first.command}${first.withApp ? '   (with `npm start` running)' : ''}`,
    );
  const explanation = explanationLines(exercise, behaviour);
  rememberExplanation(exercise, { lines: explanation, passed: false });
  if (explainsNow(exercise, { explain: options.explain })) lines.push('  Explained:', ...explanation);
  else
    lines.push(
      `  Stuck? \`npm run exercise -- ${id} --hint\`, one hint at a time; \`npm run exercise -- ${id} --explain\` names the cause.`,
    );
  console.log(lines.join('\n'));
  return 1;
}
