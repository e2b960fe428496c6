// @ts-check
// Compression of what the server makes per request: the streamed HTML pages,
// /model.json and the other JSON and text answers. Brotli where the client
// accepts it, else gzip (the `compression` package, expressjs; it negotiates,
// sets Vary and Content-Encoding, and adds res.flush() for streaming).
// Client assets never come here: they are precompressed at build time
// (static-assets.js, mounted before this).
import zlib from 'node:zlib';
import compressionMiddleware from 'compression';

/**
 * Pitfall: compressing a body of a few hundred bytes costs CPU and can make
 * it larger; below this a response (with a Content-Length) goes as it is.
 */
export const THRESHOLD_BYTES = 1024;

/**
 * @param {{ skip?: string }} [options] a path prefix never compressed here
 *   (the precompressed client assets: compressing them again per request
 *   would spend CPU on every fetch for a worse ratio than the build's)
 * @returns {import('express').RequestHandler}
 */
export function compression({ skip } = {}) {
  return compressionMiddleware({
    threshold: THRESHOLD_BYTES,
    filter: (req, res) => !(skip && isUnder(req.originalUrl, skip)) && compressionMiddleware.filter(req, res),
    // Pitfall: zlib's brotli default is quality 11: 93 ms of CPU for the 45 KB
    // home page here (6.6 KB out at 4 in 1.5 ms; gzip -6: 6.8 KB in 0.9 ms).
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    // zlib's default, spelled out: level 9 is much slower for a few bytes less.
    level: 6,
  });
}

/**
 * Pushes what the compressor holds to the socket now. Pitfall: a compressor
 * buffers until it has a good block, so without this the early-flushed head
 * (and each streamed chunk) would sit in it until the page ends.
 * A no-op when the response is not compressed.
 * @param {import('express').Response} res
 */
export function flushCompressed(res) {
  /** @type {{ flush?: () => void }} */ (/** @type {unknown} */ (res)).flush?.();
}

/**
 * The original URL, since the filter runs when the headers go out, inside a
 * mounted middleware whose req.url has lost its prefix.
 * @param {string} url @param {string} prefix
 */
function isUnder(url, prefix) {
  const path = url.split('?')[0];
  return path === prefix || path.startsWith(`${prefix}/`);
}
