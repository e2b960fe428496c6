// @ts-check
// The reference fix that `--check` measures a student's tree against: a
// temporary copy of the student's tree in which only the files the
// exercise's patch touches hold the normal code. Those come from the working
// tree when it is the unfixed code as the patch wrote it (the patch taken back
// out) or already the normal code, else from git HEAD: so everything but the
// fix is the student's, on both sides.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyProject } from './project-copy.js';
import { filesOf, patchOf } from './unfix.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** @param {string[]} args @param {string} cwd */
const git = (args, cwd) => spawnSync('git', args, { cwd, encoding: 'utf8' });

/**
 * @param {{ id: string, slug: string }} exercise
 * @param {string} [root] the student's tree
 * @returns {{ dir: string, from: string, remove: () => void }} from: where its fixed files came from, in words
 *   that name none of them (a failing check must not point at the pitfall's file)
 */
export function makeReferenceTree(exercise, root = ROOT) {
  const patch = patchOf(exercise);
  const files = filesOf(patch, root);
  const dir = mkdtempSync(path.join(tmpdir(), `marquee-reference-${exercise.id}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    copyProject(dir, { root });
    // The copy's git apply reads the patch from the copy itself: the same bytes as the student's.
    const fixed = () => git(['apply', '--check', patch], dir).status === 0;
    const unfixed = () => git(['apply', '--check', '-R', patch], dir).status === 0;
    const takeOut = () => git(['apply', '-R', patch], dir).status === 0;
    if (fixed()) return { dir, from: 'your tree (it has the reference fix)', remove };
    if (unfixed() && takeOut()) return { dir, from: 'your tree with the unfixed patch taken out', remove };
    // The student's own edits are in: the normal code of those files is in git.
    for (const file of files) {
      const shown = git(['show', `HEAD:${file}`], root);
      if (shown.status !== 0)
        throw new Error(
          `cannot find the reference fix: your tree has edits in ${file}, and git has no HEAD to take it from`,
        );
      writeFileSync(path.join(dir, file), shown.stdout);
    }
    if (fixed()) return { dir, from: "your tree, the patch's files as committed (git HEAD)", remove };
    if (unfixed() && takeOut())
      return { dir, from: "your tree, the patch's files as committed, the unfixed patch taken out", remove };
    throw new Error(
      `cannot find the reference fix: neither your tree nor git HEAD has ${files.join(', ')} as ${patch} expects (commit a clean tree, or \`git stash\` your edits to see it)`,
    );
  } catch (error) {
    remove();
    throw error;
  }
}
