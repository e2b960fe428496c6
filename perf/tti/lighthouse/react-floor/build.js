// @ts-check
// Bundles the React-only floor (entry.jsx) with the client build's own size
// settings and splitting, into a scratch folder, and says which files each
// page's head preloads: the floor is the page's own markup and load order with
// Marquee's code after hydration taken out, nothing else changed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { SIZE_SETTINGS } from '../../../../client/build/settings.js';
import { loads } from '../../../../client/build/manifest.js';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const ENTRY = 'perf/tti/lighthouse/react-floor/entry.jsx';

/**
 * @typedef {{ dir: string, entry: string, preload: string[], pages: Record<string, string[]>, remove: () => void }} ReactFloorBuild
 *   entry, preload and pages: file names relative to dir (pages: per page module, as the client manifest's)
 */

/** @returns {Promise<ReactFloorBuild>} */
export async function buildReactFloor() {
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-react-floor-'));
  const { metafile } = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { index: ENTRY },
    outdir: dir,
    ...SIZE_SETTINGS,
    legalComments: 'none',
    splitting: true,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    // Maps beside the files, no link in them (the same bytes, names and hashes as without):
    // perf/tti/trace/tasks.js names the floor's tasks by React's own functions through them.
    sourcemap: 'external',
    logLevel: 'warning',
  });
  const { entry, beforeHydration, pages } = loads(metafile, ENTRY);
  const name = (/** @type {string} */ file) => path.relative(dir, path.resolve(ROOT, file));
  return {
    dir,
    entry: name(entry),
    preload: [...beforeHydration].filter((file) => file !== entry).map(name),
    pages: Object.fromEntries(pages.map((page) => [page.name, page.own.map(name)])),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
