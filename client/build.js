// @ts-check
// Builds the browser bundle with esbuild, precompresses it (.br and .gz beside
// each file, client/precompress.js) and checks its size.
// Budgets (package.json "budgets", client/budgets.js): gzip KB of JavaScript
// before hydration (entry + the page's chunk + their static imports, the
// largest page counts) and of everything the home page loads on its own
// (plus the lazy Falcor chunk).
//   node client/build.js            build once, print sizes, fail if over budget
//   node client/build.js --watch    rebuild on change (the dev loop)
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { precompress } from './precompress.js';
import { BUDGETS, checkBudgets, growth, kb } from './budgets.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_OUTDIR = path.join(ROOT, 'dist/client');
/** URL prefix the server mounts the output directory at. */
export const PUBLIC_PATH = '/assets';
/** Page modules (shared/pages/registry.js), each a chunk: only the page shown loads before hydration. */
const PAGE_CHUNK = /^shared\/pages\/[\w-]+\.jsx?$/;
/**
 * Chunks fetched only when a visitor asks, never with the page: keyboard
 * navigation on the first focus or key press (client/keyboard/on-demand.js),
 * the live figures on ?perf=1 or Shift+P (client/measure/overlay-trigger.js),
 * navigation from the cache and prefetch on the first pointer, focus or touch
 * on a link, or the first click (client/nav/on-intent.js).
 */
const ON_DEMAND_CHUNK = /^client\/(keyboard\/index|measure\/overlay|nav\/index)\.js$/;
/** The page whose load is the first-load budget's. */
const HOME_PAGE = 'shared/pages/home.js';
/** Minified bytes per source file of the last build, to say what grew. */
const INPUT_SIZES = 'input-sizes.json';

/**
 * @typedef {{ entry: string, preload: string[], lazy: string[], pages: Record<string, string[]> }} Manifest
 *   pages: per page module (by file name: "home", "title"), its chunk and the
 *   static imports the entry does not already have: preloaded by that page's head
 * @typedef {{ file: string, raw: number, gzip: number, brotli: number }} FileSize
 * @typedef {{ files: FileSize[], beforeHydration: number, firstLoad: number,
 *   pages?: { file: string, beforeHydration: number }[], overBudget: string[], grew?: string[] }} SizeReport
 * @typedef {{ manifest: Manifest, report: SizeReport, metafile: esbuild.Metafile }} BuildResult
 */

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
          last = writeManifest(result.metafile, outdir, await precompress(outputs), previousInputs);
          written = new Set(outputs);
          log(formatReport(last.report));
        }
        firstBuildDone();
      });
    },
  };
  const context = await esbuild.context({
    absWorkingDir: ROOT,
    entryPoints: { index: 'client/index.jsx' },
    outdir,
    bundle: true,
    format: 'esm',
    // Below-the-fold code (Falcor) goes to its own chunk, out of the first load.
    splitting: true,
    minify: true,
    sourcemap: 'linked',
    // The maps are served beside the bundles (/assets/*.js.map): in a build
    // for production they map stack traces and DevTools to file:line without
    // publishing the source itself. The dev loop (--watch) keeps the source
    // in them, for DevTools' Sources panel.
    sourcesContent: watch,
    target: ['es2022'],
    platform: 'browser',
    jsx: 'automatic',
    // Content-hashed names: served with immutable caching.
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    // React's development build is several times larger and slower.
    define: { 'process.env.NODE_ENV': '"production"' },
    // Falcor is CommonJS (no tree shaking): leave out what Marquee never runs,
    // the string-path parser and unused path helpers (~3 KB gzip of first load).
    alias: {
      'falcor-path-syntax': './client/falcor-path-syntax-arrays.js',
      'falcor-path-utils': './client/falcor-path-utils-subset.js',
    },
    metafile: true,
    legalComments: 'linked',
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
 * Writes manifest.json (what the page references) and measures every file.
 * @param {esbuild.Metafile} metafile
 * @param {string} outdir
 * @param {Map<string, import('./precompress.js').Sizes>} compressed sizes by absolute path
 * @param {import('./budgets.js').InputSizes | null} previousInputs the last build's, to name what grew
 * @returns {BuildResult}
 */
function writeManifest(metafile, outdir, compressed, previousInputs) {
  const outputs = metafile.outputs;
  const jsFiles = Object.keys(outputs).filter((file) => file.endsWith('.js'));
  const entry = jsFiles.find((file) => outputs[file].entryPoint === 'client/index.jsx');
  if (!entry) throw new Error('client build produced no entry for client/index.jsx');

  const beforeHydration = closure(outputs, entry, ['import-statement']);
  // Every page is a chunk (shared/pages/registry.js), loaded before hydration
  // on a direct visit, and on the first navigation to it otherwise: the
  // entry plus the largest page gets the budget. Other pages are not part of
  // the home page's first load.
  const pageChunks = jsFiles.filter((file) => file !== entry && PAGE_CHUNK.test(outputs[file].entryPoint ?? ''));
  const homeChunk = pageChunks.find((file) => outputs[file].entryPoint === HOME_PAGE);
  if (!homeChunk) throw new Error(`client build produced no chunk for ${HOME_PAGE}`);
  // Nor is code fetched only when the visitor asks (a key press, ?perf=1).
  const onDemand = jsFiles.filter((file) => ON_DEMAND_CHUNK.test(outputs[file].entryPoint ?? ''));
  const skip = new Set([...pageChunks.filter((file) => file !== homeChunk), ...onDemand]);
  const firstLoad = closure(outputs, entry, ['import-statement', 'dynamic-import'], skip);
  const pages = pageChunks.map((file) => {
    const own = [...closure(outputs, file, ['import-statement'])].filter((chunk) => !beforeHydration.has(chunk));
    return { file, name: path.basename(outputs[file].entryPoint ?? '').replace(/\.jsx?$/, ''), own };
  });
  const toUrl = (/** @type {string} */ file) =>
    `${PUBLIC_PATH}/${path.relative(outdir, path.resolve(ROOT, file)).split(path.sep).join('/')}`;

  /** @type {Manifest} */
  const manifest = {
    entry: toUrl(entry),
    // Static imports of the entry: the page preloads them with the entry.
    preload: [...beforeHydration].filter((file) => file !== entry).map(toUrl),
    lazy: jsFiles.filter((file) => !beforeHydration.has(file)).map(toUrl),
    pages: Object.fromEntries(pages.map((page) => [page.name, page.own.map(toUrl)])),
  };
  // Written beside, then renamed over: a server reading it never sees half a file.
  const manifestFile = path.join(outdir, 'manifest.json');
  writeFileSync(`${manifestFile}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(`${manifestFile}.tmp`, manifestFile);

  /** @type {Map<string, FileSize>} */
  const sizes = new Map();
  for (const file of jsFiles) {
    // Budgets count gzip bytes (every browser accepts gzip; brotli is smaller).
    const size = compressed.get(path.resolve(ROOT, file));
    if (!size) throw new Error(`client build: ${file} was not precompressed`);
    sizes.set(file, { file: toUrl(file), ...size });
  }
  const files = [...sizes.values()];
  const sum = (/** @type {Set<string>} */ set) =>
    [...set].reduce((total, file) => total + (sizes.get(file)?.gzip ?? 0), 0);
  // The largest JS any page needs before hydration is the one the budget holds to.
  const pageTotals = pages.map((page) => ({
    file: toUrl(page.file),
    beforeHydration: sum(new Set([...beforeHydration, ...page.own])),
  }));
  const totals = {
    beforeHydration: Math.max(sum(beforeHydration), ...pageTotals.map((page) => page.beforeHydration)),
    firstLoad: sum(firstLoad),
  };
  const inputs = inputSizes(outputs, [...firstLoad, ...pages.flatMap((page) => page.own)]);
  writeFileSync(path.join(outdir, INPUT_SIZES), `${JSON.stringify(inputs, null, 1)}\n`);
  const overBudget = checkBudgets(totals);
  const grew = overBudget.length > 0 ? growth(previousInputs, inputs) : [];
  return { manifest, report: { files, ...totals, pages: pageTotals, overBudget, grew }, metafile };
}

/**
 * Minified bytes per source file in the given outputs, summed over chunks.
 * @param {esbuild.Metafile['outputs']} outputs
 * @param {string[]} files
 * @returns {import('./budgets.js').InputSizes}
 */
function inputSizes(outputs, files) {
  /** @type {Record<string, number>} */
  const sizes = {};
  for (const file of new Set(files)) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[file]?.inputs ?? {})) {
      sizes[input] = (sizes[input] ?? 0) + bytesInOutput;
    }
  }
  return sizes;
}

/**
 * @param {string} outdir
 * @returns {import('./budgets.js').InputSizes | null} the previous build's, if any
 */
function readInputSizes(outdir) {
  try {
    return JSON.parse(readFileSync(path.join(outdir, INPUT_SIZES), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Output files reachable from `start` through imports of the given kinds.
 * @param {esbuild.Metafile['outputs']} outputs
 * @param {string} start
 * @param {string[]} kinds
 * @param {Set<string>} [skip] outputs not to enter
 */
function closure(outputs, start, kinds, skip = new Set()) {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    for (const imported of outputs[file]?.imports ?? []) {
      if (kinds.includes(imported.kind) && !imported.external && !seen.has(imported.path) && !skip.has(imported.path)) {
        seen.add(imported.path);
        queue.push(imported.path);
      }
    }
  }
  return seen;
}

/**
 * @param {SizeReport} report
 * @returns {string} a table of sizes and the budget lines
 */
export function formatReport(report) {
  const width = Math.max(4, ...report.files.map((f) => f.file.length));
  const row = (/** @type {string[]} */ ...cells) =>
    [cells[0].padEnd(width), ...cells.slice(1).map((cell) => cell.padStart(10))].join('  ');
  const rule = '-'.repeat(10);
  const lines = [row('file', 'raw', 'gzip', 'brotli'), row('-'.repeat(width), rule, rule, rule)];
  for (const f of report.files) lines.push(row(f.file, kb(f.raw), kb(f.gzip), f.brotli ? kb(f.brotli) : '—'));
  const verdict = (/** @type {number} */ size, /** @type {number} */ budget) => (size <= budget ? 'ok' : 'OVER BUDGET');
  lines.push('');
  for (const page of report.pages ?? [])
    lines.push(`  before hydration with ${page.file}: ${kb(page.beforeHydration)} gzip`);
  lines.push(
    `JS before hydration: ${kb(report.beforeHydration)} gzip (budget ${kb(BUDGETS.beforeHydration)}) ${verdict(report.beforeHydration, BUDGETS.beforeHydration)}`,
    `first-load JS:       ${kb(report.firstLoad)} gzip (budget ${kb(BUDGETS.firstLoad)}) ${verdict(report.firstLoad, BUDGETS.firstLoad)}`,
  );
  return lines.join('\n');
}

// ── Command line ────────────────────────────────────────────────────────────
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const watch = process.argv.includes('--watch');
  const { report } = await buildClient({ watch });
  if (report.overBudget.length > 0 && !watch) {
    console.error(
      `\nClient bundle over budget:\n  ${report.overBudget.join('\n  ')}\n` +
        (report.grew?.length ? `Grew since the previous build:\n  ${report.grew.join('\n  ')}\n` : '') +
        'Move code behind a dynamic import() (below the fold) or drop a dependency; the size table above\n' +
        'lists every file. The budgets are in package.json ("budgets").',
    );
    process.exit(1);
  }
}

/**
 * Removes what an earlier build left in outdir: every file that is not one of
 * this build's outputs, their precompressed copies, or the build's own records.
 * @param {string} outdir
 * @param {Set<string>} outputs absolute paths of this build's files
 */
function removeStale(outdir, outputs) {
  const records = new Set(['manifest.json', INPUT_SIZES].map((name) => path.join(outdir, name)));
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        if (readdirSync(file).length === 0) rmSync(file, { recursive: true, force: true });
        continue;
      }
      const original = file.replace(/\.(br|gz)$/, '');
      if (!outputs.has(file) && !outputs.has(original) && !records.has(file)) rmSync(file, { force: true });
    }
  };
  walk(outdir);
}
