// @ts-check
// Builds the browser bundle with esbuild, precompresses it (.br and .gz beside
// each file, client/precompress.js) and checks its size.
// Budgets come from issue "Server-rendered home page": at most 75 KB gzip of
// JavaScript before hydration (entry + its static imports) and 100 KB gzip for
// everything the home page loads on its own (plus the lazy Falcor chunk).
//   node client/build.js            build once, print sizes, fail if over budget
//   node client/build.js --watch    rebuild on change (the dev loop)
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { precompress } from './precompress.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_OUTDIR = path.join(ROOT, 'dist/client');
/** URL prefix the server mounts the output directory at. */
export const PUBLIC_PATH = '/assets';
export const BUDGETS = Object.freeze({ beforeHydration: 75 * 1024, firstLoad: 100 * 1024 });
/** Entry points of page modules loaded on demand (shared/routes.js): `shared/pages/*-page.js`. */
const PAGE_CHUNK = /^shared\/pages\/[\w-]+-page\.js$/;
/** Chunks fetched on a visitor's first focus or key press, never with the page (client/keyboard/on-demand.js). */
const ON_DEMAND_CHUNK = /^client\/keyboard\/index\.js$/;

/**
 * @typedef {{ entry: string, preload: string[], lazy: string[] }} Manifest
 * @typedef {{ file: string, raw: number, gzip: number, brotli: number }} FileSize
 * @typedef {{ files: FileSize[], beforeHydration: number, firstLoad: number,
 *   pages?: { file: string, beforeHydration: number }[], overBudget: string[] }} SizeReport
 * @typedef {{ manifest: Manifest, report: SizeReport, metafile: esbuild.Metafile }} BuildResult
 */

/**
 * @param {{ outdir?: string, watch?: boolean, log?: (line: string) => void }} [options]
 * @returns {Promise<BuildResult & { context?: esbuild.BuildContext }>}
 *   (in watch mode, `context` keeps rebuilding until `context.dispose()`)
 */
export async function buildClient({ outdir = DEFAULT_OUTDIR, watch = false, log = console.log } = {}) {
  // Stale hashed files would be served and counted: empty the directory but
  // keep it, so a running server's watcher on it survives. Watch mode keeps
  // them: a page already in a browser may still ask for the previous build.
  mkdirSync(outdir, { recursive: true });
  if (!watch) for (const name of readdirSync(outdir)) rmSync(path.join(outdir, name), { recursive: true, force: true });
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
          last = writeManifest(result.metafile, outdir, await precompress(outputs));
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
  if (!watch) return last;
  log(`watching client/ and shared/ for changes (output: ${path.relative(ROOT, outdir)})`);
  return { ...last, context };
}

/**
 * Writes manifest.json (what the page references) and measures every file.
 * @param {esbuild.Metafile} metafile
 * @param {string} outdir
 * @param {Map<string, import('./precompress.js').Sizes>} compressed sizes by absolute path
 * @returns {BuildResult}
 */
function writeManifest(metafile, outdir, compressed) {
  const outputs = metafile.outputs;
  const jsFiles = Object.keys(outputs).filter((file) => file.endsWith('.js'));
  const entry = jsFiles.find((file) => outputs[file].entryPoint === 'client/index.jsx');
  if (!entry) throw new Error('client build produced no entry for client/index.jsx');

  const beforeHydration = closure(outputs, entry, ['import-statement']);
  // Pages other than home (shared/routes.js) are chunks loaded when the visitor
  // goes there: not part of the home page's first load. On a direct visit the
  // page's chunk loads before hydration: that sum gets the same budget.
  const pageChunks = jsFiles.filter((file) => file !== entry && PAGE_CHUNK.test(outputs[file].entryPoint ?? ''));
  // Nor is code fetched only when the visitor first focuses something or presses a key.
  const onDemand = jsFiles.filter((file) => ON_DEMAND_CHUNK.test(outputs[file].entryPoint ?? ''));
  const skip = new Set([...pageChunks, ...onDemand]);
  const firstLoad = closure(outputs, entry, ['import-statement', 'dynamic-import'], skip);
  const pages = pageChunks.map((file) => ({
    file,
    beforeHydration: new Set([...beforeHydration, ...closure(outputs, file, ['import-statement'])]),
  }));
  const toUrl = (/** @type {string} */ file) =>
    `${PUBLIC_PATH}/${path.relative(outdir, path.resolve(ROOT, file)).split(path.sep).join('/')}`;

  /** @type {Manifest} */
  const manifest = {
    entry: toUrl(entry),
    // Static imports of the entry: the page preloads them with the entry.
    preload: [...beforeHydration].filter((file) => file !== entry).map(toUrl),
    lazy: jsFiles.filter((file) => !beforeHydration.has(file)).map(toUrl),
  };
  writeFileSync(path.join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

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
  const pageTotals = pages.map((page) => ({ file: toUrl(page.file), beforeHydration: sum(page.beforeHydration) }));
  const totals = {
    beforeHydration: Math.max(sum(beforeHydration), ...pageTotals.map((page) => page.beforeHydration)),
    firstLoad: sum(firstLoad),
  };
  return { manifest, report: { files, ...totals, pages: pageTotals, overBudget: checkBudgets(totals) }, metafile };
}

/**
 * @param {{ beforeHydration: number, firstLoad: number }} totals gzip bytes
 * @returns {string[]} one message per budget exceeded (empty when within budget)
 */
export function checkBudgets({ beforeHydration, firstLoad }) {
  const over = [];
  if (beforeHydration > BUDGETS.beforeHydration) {
    over.push(`JS before hydration is ${kb(beforeHydration)} gzip, budget ${kb(BUDGETS.beforeHydration)}`);
  }
  if (firstLoad > BUDGETS.firstLoad) {
    over.push(`first-load JS is ${kb(firstLoad)} gzip, budget ${kb(BUDGETS.firstLoad)}`);
  }
  return over;
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

/** @param {number} bytes */
function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

// ── Command line ────────────────────────────────────────────────────────────
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const watch = process.argv.includes('--watch');
  const { report } = await buildClient({ watch });
  if (report.overBudget.length > 0 && !watch) {
    console.error(
      `\nClient bundle over budget:\n  ${report.overBudget.join('\n  ')}\n` +
        'Move code behind a dynamic import() (below the fold) or drop a dependency; ' +
        'see the size table above for the largest files.',
    );
    process.exit(1);
  }
}
