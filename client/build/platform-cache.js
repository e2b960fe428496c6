// @ts-check
// The platform figures (client/build/platform.js), kept beside the build's
// output: bundling React DOM, Falcor and web-vitals alone costs a few hundred
// ms on a busy machine, and their size changes only with their sources. Any
// change to those files (an upgrade, the Falcor stand-ins), to the entry, to
// esbuild or to the size settings measures them again.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { measurePlatforms, platformEntry } from './platform.js';
import { GZIP_OPTIONS } from './precompress.js';
import { SIZE_SETTINGS } from './settings.js';

/** The record's file name in the output directory. */
export const PLATFORM_SIZES = 'platform-sizes.json';

/** @typedef {import('./platform.js').Platform} Platform */
/** @typedef {import('./platform.js').Loads} Loads */

/**
 * @param {Loads} loads platform packages per load
 * @param {string} root the client build's working directory
 * @param {string} outdir where the record is kept
 * @returns {Promise<Record<keyof Loads, Platform>>}
 */
export async function cachedPlatforms(loads, root, outdir) {
  const key = JSON.stringify({
    esbuild: esbuild.version,
    settings: SIZE_SETTINGS,
    gzip: GZIP_OPTIONS,
    entries: [platformEntry(loads.beforeHydration), platformEntry(loads.firstLoad)],
  });
  const file = path.join(outdir, PLATFORM_SIZES);
  const record = read(file);
  if (record?.key === key && sameFiles(record.files, root)) {
    const revive = (/** @type {any} */ p) => ({ ...p, inputs: new Set(p.inputs) });
    return { beforeHydration: revive(record.platforms.beforeHydration), firstLoad: revive(record.platforms.firstLoad) };
  }
  const platforms = await measurePlatforms(loads, root);
  const inputs = new Set([...platforms.beforeHydration.inputs, ...platforms.firstLoad.inputs]);
  const plain = (/** @type {Platform} */ p) => ({ ...p, inputs: [...p.inputs] });
  const files = Object.fromEntries([...inputs].map((input) => [input, stamp(root, input)]));
  const platformsRecord = { beforeHydration: plain(platforms.beforeHydration), firstLoad: plain(platforms.firstLoad) };
  writeFileSync(file, `${JSON.stringify({ key, files, platforms: platformsRecord }, null, 1)}\n`);
  return platforms;
}

/** @param {string} file */
function read(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * @param {string} root
 * @param {string} input a metafile path
 * @returns {string} size and modification time, or "missing"
 */
function stamp(root, input) {
  try {
    const { size, mtimeMs } = statSync(path.resolve(root, input));
    return `${size}:${mtimeMs}`;
  } catch {
    return 'missing';
  }
}

/**
 * @param {Record<string, string>} files
 * @param {string} root
 */
function sameFiles(files, root) {
  return Object.entries(files ?? {}).every(([input, was]) => stamp(root, input) === was);
}
