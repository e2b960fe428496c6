// @ts-check
// What the perf tools run: the production server bundle, as `npm start` does.
// Rebuilt on every run (esbuild takes a fraction of a second), so a figure is
// never measured on yesterday's code.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServer } from '../../server/build.js';
import { ROOT } from '../../server/paths.js';

/** @returns {Promise<string[]>} node's arguments that start the server */
export async function serverArgs() {
  const bundle = await buildServer();
  return ['--enable-source-maps', path.relative(ROOT, bundle)];
}

/** @returns {Promise<string[]>} node's arguments that start the baseline page (perf/baseline/), bundled the same way */
export async function baselineArgs() {
  const bundle = await buildServer({ entry: 'perf/baseline/server.js', outfile: path.join(ROOT, 'dist/baseline.js') });
  return ['--enable-source-maps', path.relative(ROOT, bundle)];
}

/** @returns {Promise<string[]>} node's arguments that start the plain reference page (perf/baseline/plain.js) */
export async function plainArgs() {
  const bundle = await buildServer({ entry: 'perf/baseline/plain.js', outfile: path.join(ROOT, 'dist/plain.js') });
  return ['--enable-source-maps', path.relative(ROOT, bundle)];
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
