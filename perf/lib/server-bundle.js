// @ts-check
// What the perf tools run: the production server bundle, as `npm start` does.
// Rebuilt on every run (esbuild takes a fraction of a second), so a figure is
// never measured on yesterday's code.
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
