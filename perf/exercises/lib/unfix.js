// @ts-check
// npm run exercise -- NN --unfix | --refix: an exercise's unfixed.patch, a
// `git diff` that writes the pitfall plainly into the normal code, put into
// the working tree or taken back out with `git apply`. A student then starts
// from code that is slow for no visible reason, as in a real project, and
// checks a fix of their own against the same measurement and test.
// test/exercises/patches.test.js keeps every patch applying to today's code.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: git apply takes the patch's paths from here, wherever npm was run. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * @param {{ id: string, slug: string }} exercise
 * @returns {string} the patch's path from the project root
 */
export function patchOf(exercise) {
  return path.join('perf', 'exercises', `${exercise.id}-${exercise.slug}`, 'unfixed.patch');
}

/**
 * @param {string[]} args after `git apply`
 * @param {string} [cwd]
 */
function gitApply(args, cwd = ROOT) {
  const result = spawnSync('git', ['apply', ...args], { cwd, encoding: 'utf8' });
  if (result.error) throw new Error(`git apply: ${result.error.message} (is git installed?)`);
  return { ok: result.status === 0, out: result.stdout, err: result.stderr.trim() };
}

/**
 * The files a patch touches, as `git apply --numstat` lists them.
 * @param {string} patch path from `cwd`
 * @param {string} [cwd]
 * @returns {string[]}
 */
export function filesOf(patch, cwd = ROOT) {
  const { ok, out, err } = gitApply(['--numstat', patch], cwd);
  if (!ok) throw new Error(err);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t')[2]);
}

/**
 * Applies (unfix) or reverses (refix) the exercise's patch in the working
 * tree, or refuses with the reason; prints what changed and what to do next.
 * @param {{ id: string, slug: string }} exercise
 * @param {'unfix' | 'refix'} direction
 * @returns {number} the exit code
 */
export function togglePatch(exercise, direction) {
  const patch = patchOf(exercise);
  const { id } = exercise;
  if (!existsSync(path.join(ROOT, patch))) {
    console.error(`exercise ${id}: no ${patch}`);
    return 1;
  }
  const touched = filesOf(patch);
  const files = touched.join(', ');
  const forward = direction === 'unfix' ? [] : ['-R'];
  const backward = direction === 'unfix' ? ['-R'] : [];
  const check = gitApply(['--check', ...forward, patch]);
  if (!check.ok) {
    // Say why: the patch is already in (or already out), or the code moved under it.
    const otherWay = gitApply(['--check', ...backward, patch]).ok;
    const reason =
      direction === 'unfix'
        ? otherWay
          ? `already unfixed: the pitfall is written in already (\`npm run exercise -- ${id} --refix\` takes it out)`
          : `${patch} does not apply: the code in ${files} has changed since it was made (a fix of your own in progress?)`
        : otherWay
          ? `not unfixed: the normal code is in ${files}, there is nothing to take out`
          : `cannot take ${patch} back out: the code in ${files} has changed since --unfix (your own fix?)`;
    console.error(`exercise ${id}: ${reason}`);
    if (!otherWay) {
      console.error(`  git says: ${check.err.split('\n').join('\n  ')}`);
      console.error(
        `  \`git diff -- ${touched.join(' ')}\` shows the edits; \`git checkout --\` on those files drops them`,
      );
    }
    return 1;
  }
  const applied = gitApply([...forward, patch]);
  if (!applied.ok) {
    console.error(`exercise ${id}: git apply failed: ${applied.err}`);
    return 1;
  }
  // Unfixing, which files changed is left unsaid: finding them with the tools is the exercise.
  if (direction === 'refix') console.log(gitApply(['--stat', patch]).out.trimEnd());
  console.log(direction === 'unfix' ? unfixedNext(exercise, patch) : refixedNext(exercise));
  // The measurements rebuild the server bundle on every run, the client bundle only when it is missing.
  const inClient = touched.filter((file) => /^(client|shared)\//.test(file));
  if (inClient.length > 0)
    console.log(
      `  The browser's bundle includes code this changed: \`npm run build\` now, and again after each change you make.`,
    );
  return 0;
}

/**
 * @param {{ id: string, slug: string }} exercise
 * @param {string} patch
 */
function unfixedNext({ id, slug }, patch) {
  return `exercise ${id}: unfixed. The normal code now has the pitfall written in (${patch}), in files left unnamed.
Next:
  1. npm run exercise -- ${id}
     both sides are slow now: the ratio broken/fixed is near 1x
  2. find the cost with the tools in perf/exercises/${id}-${slug}/README.md ("How to find it"),
     not by reading the patch
  3. fix it in the code, then npm run exercise -- ${id} --check: your tree against the reference fix;
     a failure says what a measurer sees and the tool to start with. The exercise's own test alone:
     NODE_ENV=test node --import tsx --test test/exercises/${id}-${slug}.test.js
  To put the reference fix back instead: npm run exercise -- ${id} --refix`;
}

/** @param {{ id: string }} exercise */
function refixedNext({ id }) {
  return `
exercise ${id}: the reference fix is back; npm run exercise -- ${id} measures broken against fixed again.`;
}
