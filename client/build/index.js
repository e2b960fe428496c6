// @ts-check
// Builds the browser bundle with esbuild, precompresses it (.br and .gz beside
// each file, client/build/precompress.js) and checks its size.
// Budgets (client/build/budgets.js): gzip KB of JavaScript before hydration
// (entry + the page's chunk + their static imports, the largest page counts)
// and of everything the home page loads on its own (plus the lazy Falcor
// chunk), each the platform (client/build/platform.js) plus an allowance for
// Marquee's code (package.json "budgets").
//   node client/build/index.js           build once, print sizes, fail if over budget
//   node client/build/index.js --watch   rebuild on change (the dev loop)
// What the build's outputs mean (manifest.json, sizes, budgets) is worked out
// in client/build/manifest.js, the size table in client/build/report.js. The
// scripts the page's head carries inline go into manifest.json too
// (client/build/inline-scripts.js): the server reads them there.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { precompress } from './precompress.js';
import { SIZE_SETTINGS } from './settings.js';
import { loadInputs, writeManifest } from './manifest.js';
import { platformPackages } from './platform.js';
import { cachedPlatforms } from './platform-cache.js';
import { readInputSizes } from './input-sizes.js';
import { formatOverBudget, formatReport } from './report.js';
import { removeStale } from './stale.js';
import { INLINE_SOURCES, inlineScripts } from './inline-scripts.js';

// Still importable from here, where test/client/build/build.test.js looks for them.
export { PUBLIC_PATH } from './manifest.js';
export { formatReport } from './report.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DEFAULT_OUTDIR = path.join(ROOT, 'dist/client');
const ENTRY = 'client/index.jsx';
const ENTRY_FILTER = /[\\/]client[\\/]index\.jsx$/;

/** @typedef {import('./manifest.js').BuildResult} BuildResult */

/**
 * @param {{ outdir?: string, watch?: boolean, log?: (line: string) => void }} [options]
 * @returns {Promise<BuildResult & { context?: esbuild.BuildContext }>}
 *   (in watch mode, `context` keeps rebuilding until `context.dispose()`)
 */
export async function buildClient({ outdir = DEFAULT_OUTDIR, watch = false, log = console.log } = {}) {
  // Stale hashed files would be served and counted: they are removed once the
  // new build is written, never before, so a server starting meanwhile always
  // finds a manifest and its files (an unchanged source rebuilds to the same
  // names). Watch mode keeps them: a page already in a browser may still ask
  // for the previous build.
  mkdirSync(outdir, { recursive: true });
  const previousInputs = readInputSizes(outdir);
  /** @type {Set<string>} */
  let written = new Set();
  /** @type {BuildResult | undefined} */
  let last;
  /** @type {() => void} */
  let firstBuildDone = () => {};
  const firstBuild = new Promise((resolve) => (firstBuildDone = () => resolve(undefined)));
  /** @type {esbuild.Plugin} */
  const afterBuild = {
    name: 'marquee-manifest',
    setup(build) {
      build.onEnd(async (result) => {
        // esbuild prints the errors itself; the last good manifest stays.
        if (result.errors.length === 0 && result.metafile) {
          const outputs = Object.keys(result.metafile.outputs).map((file) => path.resolve(ROOT, file));
          // The platform is bundled while the outputs compress (esbuild's process, zlib's threads).
          const [compressed, platform, inline] = await Promise.all([
            precompress(outputs),
            platformOf(result.metafile, outdir),
            inlineScripts(result.metafile),
          ]);
          last = writeManifest(result.metafile, outdir, compressed, previousInputs, platform, inline);
          written = new Set(outputs);
          log(formatReport(last.report));
        }
        firstBuildDone();
      });
      // The inline scripts are no part of the bundle's graph: watched through its entry, so that
      // saving one rebuilds (and the new manifest reloads the page in npm run dev). Loaded, not
      // resolved, here: a plugin's resolution would lose the entry's ESM mode and change the output.
      build.onLoad({ filter: ENTRY_FILTER }, async (args) => ({
        contents: await readFile(args.path, 'utf8'),
        loader: 'jsx',
        watchFiles: INLINE_SOURCES,
      }));
    },
  };
  const context = await esbuild.context({
    absWorkingDir: ROOT,
    entryPoints: { index: ENTRY },
    outdir,
    ...SIZE_SETTINGS,
    // Below-the-fold code (Falcor) goes to its own chunk, out of the first load.
    splitting: true,
    // No comment in the scripts: the server names each one's map in a SourceMap header
    // (server/delivery/static-assets.js), so visitors do not download the link.
    sourcemap: 'external',
    // The maps are served beside the bundles (/assets/*.js.map): in a build
    // for production they map stack traces and DevTools to file:line without
    // publishing the source itself. The dev loop (--watch) keeps the source
    // in them, for DevTools' Sources panel.
    sourcesContent: watch,
    // Content-hashed names: served with immutable caching.
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    logLevel: 'warning',
    plugins: [afterBuild],
  });
  if (watch) {
    // watch() starts with a build of its own; rebuilds follow each change.
    await context.watch();
    await firstBuild;
  } else {
    await context.rebuild().catch(() => {});
    await context.dispose();
  }
  if (!last) {
    await context.dispose();
    throw new Error('client build failed (see the errors above)');
  }
  if (!watch) {
    removeStale(outdir, written);
    return last;
  }
  log(`watching client/ and shared/ for changes (output: ${path.relative(ROOT, outdir)})`);
  return { ...last, context };
}

/**
 * Each load's platform: the platform packages it holds, bundled alone.
 * @param {esbuild.Metafile} metafile
 * @param {string} outdir
 * @returns {Promise<import('./manifest.js').Platforms>}
 */
function platformOf(metafile, outdir) {
  const inputs = loadInputs(metafile);
  const loads = {
    beforeHydration: platformPackages(inputs.beforeHydration),
    firstLoad: platformPackages(inputs.firstLoad),
  };
  return cachedPlatforms(loads, ROOT, outdir);
}

// ── Command line ────────────────────────────────────────────────────────────
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const watch = process.argv.includes('--watch');
  const { report } = await buildClient({ watch });
  if (report.overBudget.length > 0 && !watch) {
    console.error(`\n${formatOverBudget(report)}`);
    process.exit(1);
  }
}
