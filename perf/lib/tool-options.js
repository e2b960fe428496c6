// @ts-check
// Every perf tool reads its command line here: node:util parseArgs over the
// tool's options, --help printing its usage, and a bad option a message on
// stderr and an exit code, not a stack trace. What is checked, and the words
// and exit codes of a refusal, stay each tool's own (its options.js): scripts
// and tests read them.
import { parseArgs } from 'node:util';

/**
 * @typedef {(problems: string[], refused: { stage: 'parse' | 'check', error?: Error }) =>
 *   { message: string, exitCode: number }} Refusal
 *   stage parse: parseArgs refused (an unknown option, a missing value; problems holds its message)
 */

/**
 * @template T
 * @param {string[]} argv
 * @param {{
 *   tool: string,
 *   options: import('node:util').ParseArgsConfig['options'],
 *   read: (values: any, problems: string[]) => T,
 *   usage?: string,
 *   helpFirst?: boolean,
 *   refuse?: Refusal,
 *   strict?: boolean,
 * }} spec tool: e.g. 'perf:load', the start of its messages; read: the options
 *   from parseArgs' values, pushing what is wrong onto problems; usage: what
 *   --help prints (exit 0); helpFirst: --help even with bad values (otherwise
 *   a bad value wins); refuse: the message and exit code (default: one line,
 *   exit 1); strict: false to let unknown options through, as parseArgs does
 * @returns {T}
 */
export function readToolOptions(argv, { tool, options, read, usage, helpFirst = false, refuse, strict = true }) {
  const refusal = refuse ?? oneLine(tool);
  /** @type {Record<string, any>} */
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options, strict }));
  } catch (error) {
    return exit(refusal([error.message], { stage: 'parse', error }));
  }
  const help = () => {
    if (usage === undefined || !values.help) return;
    console.log(usage);
    process.exit(0);
  };
  if (helpFirst) help();
  /** @type {string[]} */
  const problems = [];
  const result = read(values, problems);
  if (problems.length > 0) return exit(refusal(problems, { stage: 'check' }));
  help();
  return result;
}

/**
 * The usual refusal: `perf:load: <problems; …> (--help lists the options)`, exit code 1.
 * @param {string} tool
 * @returns {Refusal}
 */
export function oneLine(tool) {
  return (problems) => ({ message: `${tool}: ${problems.join('; ')} (--help lists the options)`, exitCode: 1 });
}

/**
 * perf:tti's and perf:input's: an option parseArgs refuses is one line (exit
 * 1); values that fail the checks, one per line, then the usage (exit 2).
 * @param {string} tool
 * @param {string} usage
 * @returns {Refusal}
 */
export function problemsThenUsage(tool, usage) {
  return (problems, { stage }) =>
    stage === 'parse'
      ? oneLine(tool)(problems, { stage })
      : { message: `${problems.join('\n')}\n\n${usage}`, exitCode: 2 };
}

/** @param {{ message: string, exitCode: number }} refusal @returns {never} */
function exit({ message, exitCode }) {
  console.error(message);
  process.exit(exitCode);
}

/**
 * 'ATF_ROWS=all WORKERS=2' → { ATF_ROWS: 'all', WORKERS: '2' }
 * @param {string} text
 * @param {string[]} problems
 */
export function parseEnv(text, problems) {
  /** @type {Record<string, string>} */
  const env = {};
  for (const pair of text.split(/\s+/).filter(Boolean)) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(pair);
    if (match) env[match[1]] = match[2];
    else problems.push(`not an ENV=value pair: ${pair}`);
  }
  return env;
}

/** Options every tool that puts the app under load takes (perf:load, perf:flame). */
export const LOAD_OPTIONS = /** @type {const} */ ({
  path: { type: 'string', default: '/' },
  duration: { type: 'string', default: '10' },
  'upstream-latency': { type: 'string', default: '0' },
  'upstream-jitter': { type: 'string', default: '0' },
  env: { type: 'string', default: '' },
});
