// @ts-check
// npm run exercise -- list | NN [--duration 20] [--rounds 4] [--warmup 3] [--tti-runs 5] [--json FILE] [--verbose]
// npm run exercise -- NN --unfix | --refix | --check [--quick] [--explain] | --explain | --hint [--reset] | --solution
// Measures one workshop exercise broken against fixed in one run: perf:load
// with the pitfall as configuration B (--vs), alternating with the normal
// code round by round, then prints both, their ratio and the story's own
// ratio beside it. --unfix and --refix put the exercise's unfixed.patch into
// the normal code and take it out (lib/unfix.js); --check judges a student's
// fix (lib/check.js), --hint, --explain and --solution help one who is stuck
// (lib/hints.js, lib/explain.js, lib/solution.js). See perf/exercises/README.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXERCISES, NOT_YET } from './index.js';
import { measurePair } from './lib/load-pair.js';
import { formatComparison, ratio, sideFigures, verdict } from './lib/report.js';
import { togglePatch } from './lib/unfix.js';
import { checkExercise } from './lib/check.js';
import { showHint } from './lib/hints.js';
import { showExplanation } from './lib/explain.js';
import { showSolution } from './lib/solution.js';
import { dryRun } from './lib/dry-run.js';

const USAGE = `npm run exercise -- list
npm run exercise -- NN [options]
  --duration 20     seconds of load per configuration, split over the rounds
  --rounds 4        broken/fixed alternations
  --warmup 3        seconds of warm-up per configuration
  --tti-runs 5      page loads per configuration in Chromium (exercises with TTI)
  --json FILE       write the figures (and perf:load's report) as JSON
  --keep-guard      keep the overload guard's event-loop trigger (off in exercise runs: see lib/load-pair.js)
  --verbose         also print perf:load's tables
npm run exercise -- NN --unfix    write the pitfall into the normal code (the exercise's unfixed.patch, git apply)
npm run exercise -- NN --refix    take it back out (git apply -R)
npm run exercise -- NN --check    judge your fix: the exercise's test, then your tree against the reference fix,
                                  alternating (--duration, --rounds, --warmup as above); exit 0 on a pass.
                                  A failure says what a measurer sees, in numbers, and the tool to start with
  --quick                         the test and a short measurement, not judged (a dry run)
  --explain                       and, on a failure, the cause and what the test's checks found
npm run exercise -- NN --explain  the cause of your last failing check, without measuring again
npm run exercise -- all --check [--quick]   every exercise's check in turn, with its time (the teacher's dry run)
npm run exercise -- NN --hint     the next hint (--hint --reset starts again)
npm run exercise -- NN --solution the reference fix, as a diff`;

/** The things the runner does besides measuring, one per run. */
// --explain is not among them: with --check, a failure's cause too; alone, the last failing check's.
const ACTIONS = /** @type {const} */ (['unfix', 'refix', 'check', 'hint', 'solution']);

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
  else await main();
} catch (error) {
  console.error(`exercise ${exercise.id}: ${error.message}`);
  process.exitCode = 1;
}

async function main() {
  const { load } = exercise;
  const perSide = options.duration / options.rounds;
  console.error(
    `exercise ${exercise.id} ${exercise.slug}: GET ${load.path} at c=${load.concurrency}, catalog at ${load.latencyMs} ms${exercise.both ? ` (${Object.entries(exercise.both).map(([k, v]) => `${k}=${v}`)})` : ''}`,
  );
  console.error(
    `  A = fixed (the normal code), B = broken (${Object.entries(exercise.broken)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}: ${exercise.brokenLabel})`,
  );
  console.error(`  ${options.rounds} rounds of ${perSide} s each, A B A B …; about ${estimate()} s in all`);
  if (!options.keepGuard)
    console.error("  the overload guard's event-loop trigger is off on both sides (--keep-guard keeps it)");

  const { command, report, tables } = await measurePair(exercise, options);
  if (options.verbose) console.log(tables);
  const [fixedLevel, brokenLevel] = [report.a.levels[0], report.b.levels[0]];

  let tti = null;
  if (exercise.tti) {
    console.error(`  Time To Interactive in Chromium: ${options.ttiRuns} loads each, alternating`);
    const { measureTtiPair } = await import('./lib/tti-pair.js');
    tti = await measureTtiPair({ broken: exercise.broken, runs: options.ttiRuns });
  }
  const sides = {
    broken: sideFigures(brokenLevel, tti ? { appTTI: tti.broken.appTTI, labTTI: tti.broken.labTTI } : {}),
    fixed: sideFigures(fixedLevel, tti ? { appTTI: tti.fixed.appTTI, labTTI: tti.fixed.labTTI } : {}),
  };

  console.log(
    `\nexercise ${exercise.id}: ${exercise.title} (${new Date().toISOString().slice(0, 10)}, node ${process.version})`,
  );
  console.log(
    `  ${command}${tti ? `\n  then ${tti.runs} alternating page loads each in Chromium (${tti.profile} profile)` : ''}\n`,
  );
  console.log(formatComparison(exercise, sides));
  // Per round, in order: a pitfall that grows with time shows here.
  console.log(
    `\np50 per round (ms): broken ${brokenLevel.runs.map((r) => r.p50).join(', ')}; fixed ${fixedLevel.runs.map((r) => r.p50).join(', ')}`,
  );
  for (const [name, level] of [
    ['broken', brokenLevel],
    ['fixed', fixedLevel],
  ])
    if (level.failures.length > 0) console.log(`${name} FAILED: ${level.failures.join('; ')}`);
    else if (level.shed > 0) console.log(`${name}: ${level.shed} pages shed (503) by the overload guard`);

  if (options.json) {
    const seedRatio = ratio(exercise.seed.before, exercise.seed.after);
    const measured = ratio(sides.broken[exercise.headline], sides.fixed[exercise.headline]);
    const figures = Object.fromEntries(
      exercise.figures.map((f) => [
        f,
        { broken: sides.broken[f], fixed: sides.fixed[f], ratio: ratio(sides.broken[f], sides.fixed[f]) },
      ]),
    );
    const document = {
      exercise: { id: exercise.id, slug: exercise.slug, title: exercise.title, broken: exercise.broken },
      at: new Date().toISOString(),
      node: process.version,
      command,
      headline: { figure: exercise.headline, ratio: measured, seed: { ...exercise.seed, ratio: seedRatio } },
      verdict: verdict(measured, seedRatio),
      figures,
      failures: { broken: brokenLevel.failures, fixed: fixedLevel.failures },
      tti,
      load: report,
    };
    mkdirSync(path.dirname(path.resolve(options.json)), { recursive: true });
    writeFileSync(options.json, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`\nwrote ${options.json}`);
  }
}

/** Seconds the run takes, roughly: two apps' start, warm-up, the load (and Chromium). */
function estimate() {
  return Math.round(30 + 2 * options.warmup + 2 * options.duration + (exercise.tti ? options.ttiRuns * 2 * 8 : 0));
}

function printList() {
  const all = [
    ...EXERCISES.map((e) => ({ ...e, what: e.brokenLabel })),
    ...NOT_YET.map((e) => ({ ...e, what: 'not yet' })),
  ];
  for (const e of all.sort((a, b) => a.id.localeCompare(b.id)))
    console.log(`${e.id}  ${e.slug.padEnd(22)}  ${e.title}: ${e.what}`);
}

/**
 * A bad option or exercise is one line on stderr and exit code 1.
 * @param {string[]} argv
 */
function readOptionsOrExit(argv) {
  try {
    const { values, positionals } = parseCommandLine(argv);
    if (values.help || positionals.length === 0) {
      console.log(USAGE);
      process.exit(values.help ? 0 : 1);
    }
    if (positionals[0] === 'list') {
      printList();
      process.exit(0);
    }
    if (positionals.length > 1) throw new Error(`one exercise at a time, got ${positionals.join(' ')}`);
    const id = positionals[0].padStart(2, '0');
    const exercise = EXERCISES.find((e) => e.id === id);
    if (!exercise) {
      const later = NOT_YET.find((e) => e.id === id);
      throw new Error(
        later
          ? `exercise ${id} (${later.slug}) is not there yet (perf/exercises/README.md)`
          : `no exercise ${positionals[0]}: \`npm run exercise -- list\` lists them`,
      );
    }
    const number = (/** @type {string} */ name, /** @type {number} */ min) => {
      const n = Number(values[name]);
      if (!Number.isInteger(n) || n < min)
        throw new Error(`--${name} must be a whole number >= ${min}, got ${values[name]}`);
      return n;
    };
    const actions = ACTIONS.filter((action) => values[action]);
    if (actions.length > 1) throw new Error(`${actions.map((a) => `--${a}`).join(' and ')}: one of them at a time`);
    if (values.explain && actions.length > 0 && actions[0] !== 'check')
      throw new Error(`--explain goes with --check, or alone (npm run exercise -- NN --check --explain)`);
    /** @type {(typeof ACTIONS)[number] | 'explain' | null} */
    const action = actions[0] ?? (values.explain ? 'explain' : null);
    if (values.quick && action !== 'check')
      throw new Error('--quick goes with --check (npm run exercise -- NN --check --quick)');
    if (values.reset && action !== 'hint')
      throw new Error('--reset goes with --hint (npm run exercise -- NN --hint --reset)');
    const rounds = number('rounds', 1);
    const duration = number('duration', rounds);
    return {
      exercise,
      duration,
      rounds,
      warmup: number('warmup', 0),
      ttiRuns: number('tti-runs', 1),
      json: values.json ?? null,
      verbose: Boolean(values.verbose),
      keepGuard: Boolean(values['keep-guard']),
      /** null: measure broken against fixed */
      action,
      quick: Boolean(values.quick),
      explain: Boolean(values.explain),
      reset: Boolean(values.reset),
    };
  } catch (error) {
    console.error(`exercise: ${error.message}`);
    process.exit(1);
  }
}

/**
 * parseArgs, with its refusals in a student's words.
 * @param {string[]} argv
 */
function parseCommandLine(argv) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        duration: { type: 'string', default: '20' },
        rounds: { type: 'string', default: '4' },
        warmup: { type: 'string', default: '3' },
        'tti-runs': { type: 'string', default: '5' },
        json: { type: 'string' },
        verbose: { type: 'boolean', default: false },
        'keep-guard': { type: 'boolean', default: false },
        unfix: { type: 'boolean', default: false },
        refix: { type: 'boolean', default: false },
        check: { type: 'boolean', default: false },
        quick: { type: 'boolean', default: false },
        hint: { type: 'boolean', default: false },
        reset: { type: 'boolean', default: false },
        solution: { type: 'boolean', default: false },
        explain: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    // parseArgs' own words run over a line and speak of positionals.
    const unknown = /Unknown option '([^']+)'/.exec(error.message)?.[1];
    if (unknown) throw new Error(`unknown option ${unknown} (npm run exercise -- --help lists them)`, { cause: error });
    const missing = /Option '([^']+?)(?: <value>)?' argument missing/.exec(error.message)?.[1];
    if (missing)
      throw new Error(`${missing.split(',').pop()?.trim()} needs a value (npm run exercise -- --help)`, {
        cause: error,
      });
    throw error;
  }
}
