// @ts-check
// A hint that names a file or an identifier the code no longer has sends a
// student looking for nothing: every path a hint names exists (in the tree,
// in node_modules for a dependency's frame, or added by the patch), and the
// fix hint names a file its patch changes and only code that is there, in
// the fixed tree or the patch. (Found in a student's trial: exercise 09's fix
// hint named a render hook that pitfalls-as-patches had taken out.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXERCISES } from '../../perf/exercises/index.js';
import { hintsOf } from '../../perf/exercises/lib/hints.js';
import { patchOf } from '../../perf/exercises/lib/unfix.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const spans = (/** @type {string} */ hint) => [...hint.matchAll(/`([^`]+)`/g)].map((m) => m[1].trim());
/** A code span that is a file's path: a folder, a name, an extension. */
const isPath = (/** @type {string} */ span) => /^[\w.-]+(?:\/[\w.-]+)+\.[a-z]+$/.test(span);
/** A code span that is one identifier (`rowCard`, `createRouteTable`). */
const isIdentifier = (/** @type {string} */ span) => /^[A-Za-z_$][\w$]*$/.test(span);
/** @param {string} patch */
const filesChanged = (patch) => [...patch.matchAll(/^\+\+\+ b\/(.+)$/gm)].map((m) => m[1]);

test('every path a hint names exists, and the fix hint names a file its patch changes', () => {
  for (const e of EXERCISES) {
    const patch = readFileSync(path.join(ROOT, patchOf(e)), 'utf8');
    const changed = filesChanged(patch);
    const hints = hintsOf(e);
    for (const [i, hint] of hints.entries())
      for (const named of spans(hint).filter(isPath)) {
        const there = [named, path.join('node_modules', named)].some((p) => existsSync(path.join(ROOT, p)));
        assert.ok(there || changed.includes(named), `${e.id}, hint ${i + 1}: ${named} is not in the tree`);
      }
    const fix = hints[hints.length - 1];
    assert.ok(
      changed.some((file) => fix.includes(file)),
      `${e.id}: the fix hint names none of the files its patch changes (${changed.join(', ')})`,
    );
  }
});

test("the fix hint's identifiers are in the code it names: the fixed files or the patch", () => {
  for (const e of EXERCISES) {
    const patch = readFileSync(path.join(ROOT, patchOf(e)), 'utf8');
    const fixed = filesChanged(patch)
      .filter((file) => existsSync(path.join(ROOT, file)))
      .map((file) => readFileSync(path.join(ROOT, file), 'utf8'));
    // An environment variable is named where the knobs are declared, not where they are used.
    const code = [patch, ...fixed, readFileSync(path.join(ROOT, 'server/config/knobs.js'), 'utf8')].join('\n');
    const hints = hintsOf(e);
    for (const name of spans(hints[hints.length - 1]).filter(isIdentifier))
      assert.match(
        code,
        new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`),
        `${e.id}: the fix hint names \`${name}\`, which neither the fixed code nor the patch has`,
      );
  }
});
