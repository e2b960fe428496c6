// @ts-check
// npm run exercise's command line: its usage, and the options read into one
// run's settings, a bad option or exercise refused in one line (exit code 1).
import { parseArgs } from 'node:util';
import { EXERCISES, NOT_YET } from '../index.js';

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
npm run exercise -- NN --explain  your last check explained, failing or passed, without measuring again
npm run exercise -- all --check [--quick]   every exercise's check in turn, with its time (the teacher's dry run)
npm run exercise -- NN --hint     the next hint (--hint --reset starts again)
npm run exercise -- NN --solution the reference fix, as a diff`;

/** The things the runner does besides measuring, one per run. */
// --explain is not among them: with --check, a failure's cause too; alone, the last check's, failing or passed.
const ACTIONS = /** @type {const} */ (['unfix', 'refix', 'check', 'hint', 'solution']);

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
export function readOptionsOrExit(argv) {
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
