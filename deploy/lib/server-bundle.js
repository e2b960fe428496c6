// @ts-check
// What the fleet and the perf tools run: the production server bundle, as
// `npm start` does. Rebuilt on every start (esbuild takes a fraction of a
// second), so a figure is never measured on yesterday's code.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServer } from '../../server/build.js';
import { ROOT } from '../../server/paths.js';

/**
 * @param {{ entry: string, outfile: string }} [bundle] another entry, bundled the same way
 *   (perf:load --baseline's page without a data layer); by default the app, dist/server.js
 * @returns {Promise<string[]>} node's arguments that start it
 */
export async function serverArgs(bundle) {
  return ['--enable-source-maps', path.relative(ROOT, await buildServer(bundle))];
}

/**
 * Another checkout's production bundle, built by its own server/build.js (its
 * code, not ours: perf:input --compare, perf:load --vs-root).
 * @param {string} root
 * @returns {Promise<string[]>} node's arguments that start it, from `root`
 */
export function otherServerArgs(root) {
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, ['server/build.js'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    build.once('error', reject);
    build.once('exit', (code) =>
      code === 0
        ? resolve(['--enable-source-maps', 'dist/server.js'])
        : reject(new Error(`server build in ${root} failed (code ${code})`)),
    );
  });
}
