// @ts-check
// npm run exercise -- list | NN [--duration 20] [--rounds 4] [--warmup 3] [--tti-runs 5] [--json FILE] [--verbose]
// npm run exercise -- NN --unfix | --refix | --check [--quick] [--explain] | --explain | --hint [--reset] | --solution
// Measures one workshop exercise broken against fixed in one run: perf:load
// with the pitfall as configuration B (--vs), alternating with the normal
// code round by round, then prints both, their ratio and the story's own
// ratio beside it (lib/measure.js; the options: lib/options.js). --unfix and
// --refix put the exercise's unfixed.patch into the normal code and take it
// out (lib/unfix.js); --check judges a student's fix (lib/check.js), --hint,
// --explain and --solution help one who is stuck (lib/hints.js,
// lib/explain.js, lib/solution.js). See perf/exercises/README.md.
import { EXERCISES } from './index.js';
import { readOptionsOrExit } from './lib/options.js';
import { measureExercise } from './lib/measure.js';
import { togglePatch } from './lib/unfix.js';
import { checkExercise } from './lib/check.js';
import { showHint } from './lib/hints.js';
import { showExplanation } from './lib/explain.js';
import { showSolution } from './lib/solution.js';
import { dryRun } from './lib/dry-run.js';

// `all --check …`: every exercise in turn, its options read (and refused) as one exercise's would be.
const argv = process.argv.slice(2);
const all = argv[0] === 'all' ? argv.slice(1) : null;
const options = readOptionsOrExit(all ? ['01', ...all] : argv);
if (all && options.action !== 'check') {
  console.error('exercise: all goes with --check (npm run exercise -- all --check [--quick])');
  process.exit(1);
}
const { exercise } = options;

try {
  if (all) process.exitCode = await dryRun(EXERCISES, all);
  else if (options.action === 'unfix' || options.action === 'refix')
    process.exitCode = togglePatch(exercise, options.action);
  else if (options.action === 'check') process.exitCode = await checkExercise(exercise, options);
  else if (options.action === 'hint') process.exitCode = showHint(exercise, { reset: options.reset });
  else if (options.action === 'explain') process.exitCode = showExplanation(exercise);
  else if (options.action === 'solution') process.exitCode = showSolution(exercise);
  else await measureExercise(exercise, options);
} catch (error) {
  console.error(`exercise ${exercise.id}: ${error.message}`);
  process.exitCode = 1;
}
