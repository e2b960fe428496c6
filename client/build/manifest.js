// @ts-check
// From esbuild's metafile of a client build (client/build/index.js): which chunks
// each page loads before hydration and on first load, written as
// manifest.json for the page's head, and the gzip totals the budgets
// (client/build/budgets.js) hold those loads to.
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { checkBudgets, growth } from './budgets.js';
import { inputSizes, writeInputSizes } from './input-sizes.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** URL prefix the server mounts the output directory at. */
export const PUBLIC_PATH = '/assets';
/** Page modules (shared/pages/registry.js), each a chunk: only the page shown loads before hydration. */
const PAGE_CHUNK = /^shared\/pages\/[\w-]+\.jsx?$/;
/**
 * Chunks fetched only when a visitor asks, never with the page: keyboard
 * navigation on the first focus or key press (client/keyboard/on-demand.js),
 * the live figures on ?perf=1 or Shift+P (client/measure/overlay-trigger.js),
 * navigation from the cache and prefetch on the first pointer, focus or touch
 * on a link, or the first click (client/nav/on-intent.js), the visitor's data
 * read again when the back/forward cache restores the page (client/restore/).
 */
const ON_DEMAND_CHUNK = /^client\/(keyboard\/index|measure\/overlay|nav\/index|restore\/index)\.js$/;
/** Client navigation's chunk, which the first intent runs. */
const NAV_CHUNK = 'client/nav/index.js';
/** The page whose load is the first-load budget's. */
const HOME_PAGE = 'shared/pages/home.js';

/**
 * @typedef {{ beforeHydration: import('./platform.js').Platform, firstLoad: import('./platform.js').Platform }} Platforms
 * @typedef {{ entry: string, preload: string[], lazy: string[], later: string[], pages: Record<string, string[]>,
 *   inline: Record<string, string> }} Manifest
 *   later: what the first intent after hydration runs (the first load past hydration, and every
 *   page's chunks), prefetched network-only at idle (client/idle.js)
 *   pages: per page module (by file name: "home", "title"), its chunk and the
 *   static imports the entry does not already have: preloaded by that page's head;
 *   inline: the text of each script the page's head carries inline (client/build/inline-scripts.js)
 * @typedef {{ file: string, raw: number, gzip: number, brotli: number }} FileSize
 * @typedef {{ files: FileSize[], beforeHydration: number, firstLoad: number,
 *   pages?: { file: string, beforeHydration: number }[], platform: Platforms, overBudget: string[],
 *   grew?: string[], platformGrew?: string[], inline?: Record<string, number> }} SizeReport
 *   grew: Marquee's source files that grew since the previous build (over budget only); platformGrew: the platform's
 * @typedef {{ manifest: Manifest, report: SizeReport, metafile: import('esbuild').Metafile }} BuildResult
 */

/**
 * Which output files each load holds.
 * @param {import('esbuild').Metafile} metafile
 * @param {string} [entryPoint] the bundle's entry (another for perf:tti's React-only floor)
 */
export function loads(metafile, entryPoint = 'client/index.jsx') {
  const outputs = metafile.outputs;
  const jsFiles = Object.keys(outputs).filter((file) => file.endsWith('.js'));
  const entry = jsFiles.find((file) => outputs[file].entryPoint === entryPoint);
  if (!entry) throw new Error(`client build produced no entry for ${entryPoint}`);

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
  return { jsFiles, entry, beforeHydration, firstLoad, pages };
}

/**
 * The source files (metafile inputs) of each load, before hydration the
 * union over every page: what the platform bundle is made of (client/build/platform.js).
 * @param {import('esbuild').Metafile} metafile
 */
export function loadInputs(metafile) {
  const { beforeHydration, firstLoad, pages } = loads(metafile);
  const inputsOf = (/** @type {Iterable<string>} */ files) =>
    [...new Set(files)].flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
  return {
    beforeHydration: inputsOf([...beforeHydration, ...pages.flatMap((page) => page.own)]),
    firstLoad: inputsOf(firstLoad),
  };
}

/**
 * Writes manifest.json (what the page references) and measures every file.
 * @param {import('esbuild').Metafile} metafile
 * @param {string} outdir
 * @param {Map<string, import('./precompress.js').Sizes>} compressed sizes by absolute path
 * @param {import('./budgets.js').InputSizes | null} previousInputs the last build's, to name what grew
 * @param {Platforms} platform measured for each load's platform packages
 * @param {Record<string, string>} [inline] the inline scripts' text, by name
 * @returns {BuildResult}
 */
export function writeManifest(metafile, outdir, compressed, previousInputs, platform, inline = {}) {
  const outputs = metafile.outputs;
  const { jsFiles, entry, beforeHydration, firstLoad, pages } = loads(metafile);
  // Navigation is on demand (the first intent), so outside the first load, yet that intent runs it.
  const navigation = closure(outputs, jsFiles.find((file) => outputs[file].entryPoint === NAV_CHUNK) ?? '', [
    'import-statement',
  ]);
  const toUrl = (/** @type {string} */ file) =>
    `${PUBLIC_PATH}/${path.relative(outdir, path.resolve(ROOT, file)).split(path.sep).join('/')}`;

  /** @type {Manifest} */
  const manifest = {
    entry: toUrl(entry),
    // Static imports of the entry: the page preloads them with the entry.
    preload: [...beforeHydration].filter((file) => file !== entry).map(toUrl),
    lazy: jsFiles.filter((file) => !beforeHydration.has(file)).map(toUrl),
    later: [...new Set([...firstLoad, ...navigation, ...pages.flatMap((page) => [page.file, ...page.own])])]
      .filter((file) => !beforeHydration.has(file))
      .map(toUrl),
    pages: Object.fromEntries(pages.map((page) => [page.name, page.own.map(toUrl)])),
    // Not files, and not in the budgets: bytes of the HTML, as the rest of the head.
    inline,
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
  writeInputSizes(outdir, inputs);
  const overBudget = checkBudgets(totals, platform);
  // What grew, split so that the message says whose code it is.
  const isPlatform = (/** @type {string} */ input) =>
    platform.beforeHydration.inputs.has(input) || platform.firstLoad.inputs.has(input);
  const grewOf = (/** @type {boolean} */ ofPlatform) =>
    overBudget.length === 0
      ? []
      : growth(
          previousInputs,
          Object.fromEntries(Object.entries(inputs).filter(([i]) => isPlatform(i) === ofPlatform)),
        );
  const report = {
    files,
    ...totals,
    pages: pageTotals,
    platform,
    overBudget,
    grew: grewOf(false),
    platformGrew: grewOf(true),
    // Shown beside the budgets, never inside them: they run before hydration too, paid in every
    // page's HTML instead of a cached file.
    inline: Object.fromEntries(Object.entries(inline).map(([name, text]) => [name, gzipSync(text).length])),
  };
  return { manifest, report, metafile };
}

/**
 * Output files reachable from `start` through imports of the given kinds.
 * @param {import('esbuild').Metafile['outputs']} outputs
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
