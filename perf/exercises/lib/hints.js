// @ts-check
// npm run exercise -- NN --hint [--reset]: the exercise's hints, one more each
// time, from its `hints` (its exercise.js: data the runner prints, never in
// the README a student reads first). How many a student has seen is kept per
// exercise in perf/exercises/.hints.json, git-ignored: it is the student's,
// not the project's.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { EXERCISES } from '../index.js';
import { fileURLToPath } from 'node:url';

const STATE = fileURLToPath(new URL('../.hints.json', import.meta.url));

/**
 * The tool a first hint tells a student to run: its first code span that is
 * a command (npm, curl or node, maybe after NAME=value settings) other than
 * `npm start`, which only starts the app the tool then asks; null if none.
 * A failing --check prints it: where to start, not what is wrong.
 * @param {string} hint
 * @returns {{ command: string, withApp: boolean } | null} withApp: against a running `npm start`
 */
export function commandOf(hint) {
  const spans = [...hint.matchAll(/`([^`]+)`/g)].map((m) => m[1].trim());
  const command = spans.find((span) => span !== 'npm start' && /^(?:[A-Z_]+=\S+\s+)*(?:npm|curl|node)\s/.test(span));
  return command ? { command, withApp: spans.includes('npm start') } : null;
}

/**
 * An exercise's hints.
 * @param {{ id: string, slug?: string }} exercise
 * @returns {readonly string[]}
 */
export function hintsOf({ id }) {
  return EXERCISES.find((e) => e.id === id)?.hints ?? [];
}

/**
 * How many of the exercise's hints the student has been given.
 * @param {{ id: string }} exercise
 * @param {string} [state] the file (tests)
 */
export function hintsSeen({ id }, state = STATE) {
  return readState(state)[id] ?? 0;
}

/** @returns {Record<string, number>} hints seen, by exercise id */
function readState(file = STATE) {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {}; // A damaged file only means starting the hints again.
  }
}

/**
 * Prints the next hint (or, with reset, forgets the ones seen).
 * @param {{ id: string, slug: string }} exercise
 * @param {{ reset: boolean, state?: string }} options state: the file (tests)
 * @returns {number} the exit code
 */
export function showHint({ id, slug }, { reset, state = STATE }) {
  const hints = hintsOf({ id, slug });
  const seen = readState(state);
  if (reset) {
    delete seen[id];
    writeFileSync(state, `${JSON.stringify(seen, null, 2)}\n`);
    console.log(`exercise ${id}: hints start again at the first (npm run exercise -- ${id} --hint)`);
    return 0;
  }
  if (hints.length === 0) {
    console.error(`exercise ${id}: no hints: perf/exercises/${id}-${slug}/exercise.js has no \`hints\``);
    return 1;
  }
  const shown = seen[id] ?? 0;
  if (shown >= hints.length) {
    console.log(
      `exercise ${id}: that was the last of ${hints.length} hints. \`npm run exercise -- ${id} --solution\` shows the reference fix; \`--hint --reset\` starts the hints again.`,
    );
    return 0;
  }
  console.log(`exercise ${id}, hint ${shown + 1} of ${hints.length}:\n${wrap(hints[shown], '   ')}`);
  if (shown + 1 < hints.length) console.log(`(\`npm run exercise -- ${id} --hint\` again for the next)`);
  writeFileSync(state, `${JSON.stringify({ ...seen, [id]: shown + 1 }, null, 2)}\n`);
  return 0;
}

/**
 * A hint's text folded at word boundaries for a terminal.
 * @param {string} text
 * @param {string} indent
 */
function wrap(text, indent, width = 96) {
  const lines = [];
  let line = indent;
  for (const word of text.split(/\s+/)) {
    if (line.length + word.length + 1 > width && line.trim()) {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += `${word} `;
  }
  lines.push(line.trimEnd());
  return lines.join('\n');
}
