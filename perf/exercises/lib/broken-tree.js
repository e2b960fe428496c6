// @ts-check
// The broken side of `npm run exercise -- NN`: a temporary copy of the
// student's tree with the exercise's unfixed.patch applied to the reference
// fix (lib/reference-tree.js), so the pitfall is the patch's code and nothing
// else: no knob in the app chooses it. Everything but the patch's files is
// the student's own, on both sides.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient } from '../../lib/marquee-server.js';
import { makeReferenceTree } from './reference-tree.js';
import { filesOf, patchOf } from './unfix.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * @param {{ id: string, slug: string }} exercise
 * @param {{ root?: string, ownClient?: boolean }} [options] root: the student's tree; ownClient: build the
 *   copy's own browser bundle when the patch changes code the browser runs (Chromium measures it), rather
 *   than share the student's
 * @returns {Promise<{ dir: string, remove: () => void }>}
 */
export async function makeBrokenTree(exercise, { root = ROOT, ownClient = false } = {}) {
  const tree = makeReferenceTree(exercise, root);
  try {
    const patch = patchOf(exercise);
    const applied = spawnSync('git', ['apply', patch], { cwd: tree.dir, encoding: 'utf8' });
    if (applied.status !== 0)
      throw new Error(`${patch} does not apply to the reference fix: ${applied.stderr.trim().split('\n')[0]}`);
    if (ownClient && filesOf(patch, tree.dir).some((file) => /^(client|shared)\//.test(file))) {
      // The copy links the student's dist/client: a build of its own must not write through that link.
      rmSync(path.join(tree.dir, 'dist/client'), { force: true });
      await buildClient(tree.dir);
    }
    return { dir: tree.dir, remove: tree.remove };
  } catch (error) {
    tree.remove();
    throw error;
  }
}
