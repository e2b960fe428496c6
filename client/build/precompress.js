// @ts-check
// Writes `.br` and `.gz` beside each built file, once, at the best ratio, so
// that the server sends them as they are (server/delivery/static-assets.js)
// and never spends a request's CPU compressing a file that never changes.
import { readFile, writeFile, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Text the page fetches; images and fonts are compressed already. Source maps
 * are left out: only DevTools fetches them, and brotli 11 on a 1 MB map alone
 * took most of a build (7.6 s with maps, 0.7 s without, on 2 cores).
 */
export const COMPRESSIBLE = /\.(js|mjs|css|txt|svg|html)$/;

/** What is served, and so what the budgets count (client/build/platform.js gzips alike). */
export const GZIP_OPTIONS = Object.freeze({ level: zlib.constants.Z_BEST_COMPRESSION });

/** @typedef {{ raw: number, gzip: number, brotli: number }} Sizes (`gzip`/`brotli`: what is served, raw when not smaller) */

/**
 * @param {string[]} files absolute paths of built files
 * @returns {Promise<Map<string, Sizes>>} sizes per file
 */
export async function precompress(files) {
  // The zlib work runs on libuv's thread pool: all files at once use every core.
  const entries = await Promise.all(
    files.filter((file) => COMPRESSIBLE.test(file)).map(async (file) => [file, await one(file)]),
  );
  return new Map(/** @type {[string, Sizes][]} */ (entries));
}

/** @param {string} file */
async function one(file) {
  const bytes = await readFile(file);
  const [gz, br] = await Promise.all([
    // Level 9 and quality 11 are slow (brotli 11: tens of ms per 100 KB), which
    // is fine once per build and never fine per request.
    gzip(bytes, GZIP_OPTIONS),
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  return {
    raw: bytes.length,
    gzip: await keepIfSmaller(`${file}.gz`, gz, bytes.length),
    brotli: await keepIfSmaller(`${file}.br`, br, bytes.length),
  };
}

/**
 * Pitfall: compressing a tiny file can make it larger (headers, checksums);
 * then no variant is written and the raw file is what every client gets.
 * @param {string} file @param {Buffer} compressed @param {number} rawLength
 */
async function keepIfSmaller(file, compressed, rawLength) {
  if (compressed.length >= rawLength) {
    await rm(file, { force: true });
    return rawLength;
  }
  await writeFile(file, compressed);
  return compressed.length;
}
