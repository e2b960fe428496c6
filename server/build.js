// @ts-check
// Builds the production server: server/index.js and everything of the
// project's own it imports (the JSX of shared/ included) as one ES module,
// dist/server.js, that plain `node` runs. npm packages stay external, loaded
// from node_modules as they are. The perf tools run it as `npm start` does;
// tests and `npm run dev` run the sources through tsx (docs/decisions/011).
// Pitfall: tsx's loader runs on its own thread with its own heap: 22 MB more
// RSS after warm-up (146 against 125 MB), for nothing a production process needs.
//   node server/build.js
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { ROOT } from './paths.js';

export const SERVER_BUNDLE = path.join(ROOT, 'dist/server.js');

/**
 * @param {{ entry?: string, outfile?: string }} [options] another entry (the
 *   perf tools' baseline server), bundled the same way
 * @returns {Promise<string>} the bundle's path
 */
export async function buildServer({ entry = 'server/index.js', outfile = SERVER_BUNDLE } = {}) {
  await esbuild.build({
    entryPoints: [path.join(ROOT, entry)],
    // One level under the root, like server/: server/paths.js resolves the same.
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    // Readable stack traces in the logs (node --enable-source-maps).
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // The bundle just built: the baseline's once came back as dist/server.js, so
  // --baseline measured Marquee against itself.
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
  console.log(`server: ${path.relative(ROOT, SERVER_BUNDLE)}`);
}
