// @ts-check
// npm run exercise -- NN --unfix | --refix: an exercise's unfixed.patch, a
// `git diff` that writes the pitfall plainly into the normal code, committed
// on a branch of its own (exercise/NN-broken), and the way back to the
// branch the student came from. A student then starts from code that is slow
// for no visible reason, as in a real project, with a clean `git status`, and
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
 * Runs git in `cwd`.
 * @param {string[]} args
 * @param {string} [cwd]
 */
function git(args, cwd = ROOT) {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.error) throw new Error(`git: ${result.error.message} (is git installed?)`);
  return { ok: result.status === 0, out: result.stdout.trim(), err: result.stderr.trim() };
}

/** @param {{ id: string }} exercise the branch its broken code is committed on */
export const brokenBranchOf = ({ id }) => `exercise/${id}-broken`;
/** @param {{ id: string }} exercise where the branch the student came from is recorded (the repository's config) */
const fromKey = ({ id }) => `marquee.exercise${id}.from`;

/**
 * Why the work tree cannot change branches now, or null.
 * @param {string} cwd
 */
function notReady(cwd) {
  if (!git(['rev-parse', '--is-inside-work-tree'], cwd).ok)
    return 'not a git work tree: --unfix commits the pitfall on a branch of its own (git init, and commit, first)';
  if (!git(['rev-parse', '--verify', '-q', 'HEAD'], cwd).ok) return 'the repository has no commit yet: commit first';
  const dirty = git(['status', '--porcelain'], cwd).out;
  if (dirty)
    return `the work tree has uncommitted changes (${dirty.split('\n').length} file(s), \`git status\` lists them): commit or \`git stash\` them first`;
  return null;
}

/**
 * --unfix: records the branch the student is on, creates the exercise's broken
 * branch from HEAD and commits the patch there, so `git status` and `git diff`
 * start clean. --refix: back to the recorded branch (the broken one is kept,
 * with the student's work). Each refuses with the reason, changing nothing.
 * @param {{ id: string, slug: string }} exercise
 * @param {'unfix' | 'refix'} direction
 * @param {string} [cwd] the student's repository (tests: a temporary one)
 * @returns {number} the exit code
 */
export function togglePatch(exercise, direction, cwd = ROOT) {
  const { id } = exercise;
  const patch = patchOf(exercise);
  const branch = brokenBranchOf(exercise);
  /** @param {string} reason */
  const refuse = (reason) => {
    console.error(`exercise ${id}: ${reason}`);
    return 1;
  };
  if (!existsSync(path.join(cwd, patch))) return refuse(`no ${patch}`);
  const unready = notReady(cwd);
  const from = git(['config', '--get', fromKey(exercise)], cwd).out;
  const current = git(['symbolic-ref', '-q', '--short', 'HEAD'], cwd).out || git(['rev-parse', 'HEAD'], cwd).out;

  if (direction === 'refix') {
    if (!from)
      return refuse(`not unfixed: no --unfix to undo (the normal code is in; \`npm run exercise -- ${id} --unfix\`)`);
    if (unready) return refuse(`cannot go back to ${from}: ${unready}`);
    const back = git(['checkout', '-q', from], cwd);
    if (!back.ok) return refuse(`git checkout ${from} failed: ${back.err}`);
    git(['config', '--unset', fromKey(exercise)], cwd);
    console.log(
      `exercise ${id}: back on ${from}, with the reference fix; your work stays on ${branch} (\`git diff ${from} ${branch}\`).`,
    );
    return 0;
  }

  if (from || current === branch)
    return refuse(
      `already unfixed: ${branch} holds the pitfall (\`npm run exercise -- ${id} --refix\` goes back to ${from || 'your branch'})`,
    );
  if (unready) return refuse(unready);
  if (git(['rev-parse', '--verify', '-q', `refs/heads/${branch}`], cwd).ok)
    return refuse(
      `${branch} exists already, from an earlier --unfix: \`git checkout ${branch}\` to go on with it, or \`git branch -D ${branch}\` to start again`,
    );
  const check = gitApply(['--check', patch], cwd);
  if (!check.ok) {
    const applied = gitApply(['--check', '-R', patch], cwd).ok;
    return refuse(
      applied
        ? `the pitfall is in your code already (committed): nothing to unfix`
        : `${patch} does not apply: the code it changes has moved since it was made\n  git says: ${check.err.split('\n').join('\n  ')}`,
    );
  }
  const files = filesOf(patch, cwd);
  const steps = [
    ['checkout', '-q', '-b', branch],
    ['apply', patch],
    ['add', '--', ...files],
    // An identity of its own where the student has none configured: the commit is the runner's.
    [
      ...(git(['config', 'user.email'], cwd).ok
        ? []
        : ['-c', 'user.name=npm run exercise', '-c', 'user.email=exercise@localhost']),
      'commit',
      '-q',
      '-m',
      `exercise ${id}: the code to find and fix (npm run exercise -- ${id} --unfix)`,
    ],
  ];
  for (const step of steps) {
    const done = git(step, cwd);
    if (!done.ok) {
      // Leave nothing half made: the files, the branch, the record.
      git(['checkout', '-q', '-f', current], cwd);
      git(['branch', '-q', '-D', branch], cwd);
      return refuse(`git ${step.filter((a) => !a.startsWith('user.')).join(' ')} failed: ${done.err}`);
    }
  }
  git(['config', fromKey(exercise), current], cwd);
  console.log(unfixedNext(exercise, { branch, from: current }));
  // The measurements rebuild the server bundle on every run, the client bundle only when it is missing.
  if (files.some((file) => /^(client|shared)\//.test(file)))
    console.log(
      `  The browser's bundle includes code this changed: \`npm run build\` now, and again after each change you make.`,
    );
  return 0;
}

/**
 * @param {{ id: string, slug: string }} exercise
 * @param {{ branch: string, from: string }} where
 */
function unfixedNext({ id, slug }, { branch, from }) {
  return `exercise ${id}: unfixed. You are on ${branch}, made from ${from}: the pitfall is committed there,
in files left unnamed, and \`git status\` is clean: \`git diff\` shows only your own edits.
Next:
  1. npm run exercise -- ${id}
     both sides are slow now: the ratio broken/fixed is near 1x
  2. find the cost with the tools in perf/exercises/${id}-${slug}/README.md ("How to find it"),
     not by reading the patch or the branch's commit
  3. fix it in the code, then npm run exercise -- ${id} --check: your tree against the reference fix;
     a failure says what a measurer sees and the tool to start with. The exercise's own test alone:
     NODE_ENV=test node --import tsx --test test/exercises/${id}-${slug}.test.js
  To go back to ${from} instead: npm run exercise -- ${id} --refix`;
}
