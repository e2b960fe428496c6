// @ts-check
// npm run exercise -- NN --solution: the reference fix as a diff, that is
// the exercise's unfixed.patch reversed: what a student's unfixed tree must
// become. Reversed here, in words a reader can follow, rather than by
// `git apply -R` on a tree that may hold the student's own edits.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { patchOf } from './unfix.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A unified diff, reversed: old and new swapped in every header, hunk and line.
 * @param {string} diff
 * @returns {string}
 */
export function reverseDiff(diff) {
  /** @type {string[]} */
  const out = [];
  const lines = diff.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('--- ') && lines[i + 1]?.startsWith('+++ ')) {
      // The paths swap sides, their a/ and b/ stay: a file the patch made is one the fix deletes.
      const [from, to] = [line.slice(4), lines[i + 1].slice(4)].map((p) => p.replace(/^[ab]\//, ''));
      out.push(`--- ${to === '/dev/null' ? to : `a/${to}`}`, `+++ ${from === '/dev/null' ? from : `b/${from}`}`);
      i += 1;
    } else if (/^(new|deleted) file mode /.test(line)) {
      out.push(line.startsWith('new') ? line.replace('new', 'deleted') : line.replace('deleted', 'new'));
    } else if (line.startsWith('index ')) {
      out.push(line.replace(/^index (\w+)\.\.(\w+)/, 'index $2..$1'));
    } else if (line.startsWith('@@ ')) {
      out.push(line.replace(/^@@ -(\S+) \+(\S+) @@/, '@@ -$2 +$1 @@'));
    } else if (line.startsWith('+')) out.push(`-${line.slice(1)}`);
    else if (line.startsWith('-')) out.push(`+${line.slice(1)}`);
    else out.push(line);
  }
  return out.join('\n');
}

/**
 * @param {{ id: string, slug: string }} exercise
 * @returns {number} the exit code
 */
export function showSolution(exercise) {
  const patch = patchOf(exercise);
  console.log(`# exercise ${exercise.id}: the reference fix (${patch}, reversed: - the pitfall, + the fix)`);
  console.log(reverseDiff(readFileSync(path.join(ROOT, patch), 'utf8')).trimEnd());
  return 0;
}
