// @ts-check
// GET /assets/*: the client build's content-hashed files, sent as the build
// precompressed them (client/build/precompress.js): the `.br` file to browsers that
// accept brotli, the `.gz` file to those that accept gzip, the file itself to
// the rest. Nothing is compressed per request (server/app.js tells the
// compression middleware to skip /assets).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import Negotiator from 'negotiator';

/** Codings in the server's order of preference, each with its file suffix. */
const VARIANTS = /** @type {const} */ ([
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
]);
/** A path inside the build whose file name carries esbuild's content hash. */
const HASHED_FILE = /^\/(?:[\w-]+\/)*[\w-]+-[A-Z0-9]{8}\.[\w.]+$/;
/** The compressed copies are the server's business, not a URL of their own. */
const VARIANT_URL = /\.(br|gz)$/;

/**
 * @param {{ dir: string, precompressed?: boolean }} options
 *   `precompressed: false` sends every file as it is (COMPRESSION=0)
 * @returns {import('express').RequestHandler}
 */
export function staticAssets({ dir, precompressed = true }) {
  /** Codings on disk per path; hashed names never change content, so kept for good. */
  /** @type {Map<string, Promise<string[]>>} */
  const known = new Map();

  /** Whether a script has its source map beside it, per path; kept for good as `known`. */
  /** @type {Map<string, Promise<boolean>>} */
  const mapped = new Map();

  /** @param {string} rel @returns {Promise<string[] | null>} codings, or null when the file is missing */
  async function codingsOf(rel) {
    const cached = known.get(rel);
    if (cached) return cached;
    const file = path.join(dir, rel);
    if (!(await isFile(file))) return null; // never cached: unknown names must not grow the map
    const found = Promise.all(
      VARIANTS.map(async ({ coding, suffix }) => ((await isFile(file + suffix)) ? coding : null)),
    ).then((codings) => /** @type {string[]} */ (codings.filter(Boolean)));
    known.set(rel, found);
    if (rel.endsWith('.js')) mapped.set(rel, isFile(`${file}.map`));
    return found;
  }

  return async function assets(req, res, next) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const rel = req.path;
    // Only names the build writes: no traversal, no manifest.json (not content-hashed, so not immutable).
    if (!HASHED_FILE.test(rel) || VARIANT_URL.test(rel) || rel.includes('..')) return next();
    /** @type {string[] | null} */
    let codings;
    try {
      codings = await codingsOf(rel);
    } catch (error) {
      return next(error);
    }
    if (codings === null) return next();
    if (!precompressed) codings = [];

    /** @type {string} */
    let coding = 'identity';
    if (codings.length > 0) {
      // The answer depends on Accept-Encoding: shared caches must key on it.
      res.vary('Accept-Encoding');
      // Ties in the client's q-values go to the server's order (br before gzip):
      // Chromium sends "gzip, deflate, br, zstd", all at q=1.
      const [best] = new Negotiator(req).encodings([...codings, 'identity'], { preferred: codings });
      if (best && best !== 'identity') coding = best;
    }
    const suffix = VARIANTS.find((variant) => variant.coding === coding)?.suffix ?? '';
    // The type of the file, not of its compressed copy.
    res.type(path.extname(rel));
    // Pitfall: a `//# sourceMappingURL` comment in every script is bytes every visitor downloads
    // (and counted before hydration, issue 37): the build leaves it out, DevTools reads this header instead.
    if (await mapped.get(rel)) res.set('SourceMap', `${path.basename(rel)}.map`);
    res.sendFile(
      rel + suffix,
      {
        root: dir,
        // Content-hashed names: a year, and no revalidation on reload (immutable).
        maxAge: '1y',
        immutable: true,
        headers: coding === 'identity' ? {} : { 'Content-Encoding': coding },
      },
      (error) => {
        // The client went away mid-file, or the file vanished in a rebuild.
        if (error && !res.headersSent) next();
      },
    );
  };
}

/** @param {string} file */
async function isFile(file) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
