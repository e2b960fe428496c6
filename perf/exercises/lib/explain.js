// @ts-check
// The cause of a failing check, given only when asked. A failing --check
// says what a measurer sees and which tool to start with; what is wrong in
// the code (the exercise's `cause`) and what the behaviour test's checks
// found come with --check --explain, or once the third hint has been given
// (by then the hints have said as much). The last check's explanation,
// failing or passing, is kept per exercise in perf/exercises/.last-check.json
// (git-ignored, the student's), so `npm run exercise -- NN --explain` gives
// it without measuring again: after a pass too, the pitfall the student fixed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { failedChecks, testFileOf } from './behaviour.js';
import { hintsOf, hintsSeen } from './hints.js';

const STATE = fileURLToPath(new URL('../.last-check.json', import.meta.url));
/** The hint after which a failing check explains itself unasked: the one that says what the fix looks like. */
export const EXPLAINED_AFTER_HINT = 3;

/**
 * Does a failing check print its cause: asked for, or the hints given up to
 * the third (the last, where an exercise has fewer)?
 * @param {{ id: string, slug: string }} exercise
 * @param {{ explain: boolean, hintState?: string }} options hintState: the hints' file (tests)
 */
export function explainsNow(exercise, { explain, hintState }) {
  if (explain) return true;
  return hintsSeen(exercise, hintState) >= Math.min(EXPLAINED_AFTER_HINT, hintsOf(exercise).length);
}

/**
 * The explanation of a failing check.
 * @param {{ id: string, slug: string, cause: string }} exercise
 * @param {import('./behaviour.js').BehaviourResult} behaviour
 * @returns {string[]} lines
 */
export function explanationLines(exercise, behaviour) {
  if (!behaviour.crashed && behaviour.failures.length === 0)
    // The test sees the pitfall gone: its cause in the present tense would be wrong.
    return [
      `  The pitfall this exercise is about: ${exercise.cause}.`,
      '  The behaviour test passes: as far as it can see, that is gone; what is left is speed. On a busy',
      '  machine the same code can measure 1.3x itself: run the check again, or with --duration 40.',
    ];
  const lines = [`  The cause: ${exercise.cause}.`];
  if (behaviour.failures.length > 0)
    lines.push(`  What the behaviour test's checks found (${testFileOf(exercise)}):`, ...failedChecks(behaviour));
  return lines;
}

/** @returns {Record<string, { at: string, lines: string[], passed?: boolean }>} */
function readState(file = STATE) {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {}; // A damaged file only loses the last explanation.
  }
}

/**
 * Keeps the last check's explanation, and whether that check passed.
 * @param {{ id: string }} exercise
 * @param {{ lines: string[], passed: boolean }} check
 * @param {string} [file] (tests)
 */
export function rememberExplanation({ id }, { lines, passed }, file = STATE) {
  const state = readState(file);
  state[id] = { at: new Date().toISOString(), lines, passed };
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`);
}

/**
 * npm run exercise -- NN --explain: the last failing check's explanation.
 * @param {{ id: string }} exercise
 * @param {{ state?: string }} [options] state: the file (tests)
 * @returns {number} the exit code
 */
export function showExplanation({ id }, { state = STATE } = {}) {
  const last = readState(state)[id];
  if (!last) {
    console.log(
      `exercise ${id}: no check to explain yet: \`npm run exercise -- ${id} --check --explain\` runs one and explains it`,
    );
    return 1;
  }
  const which = last.passed ? 'your last check, which passed' : 'your last failing check';
  console.log(`exercise ${id}: explained, ${which} (${last.at.slice(0, 16).replace('T', ' ')} UTC):`);
  console.log(last.lines.join('\n'));
  return 0;
}
