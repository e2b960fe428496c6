// @ts-check
// A GET that sees the bytes as sent: no decompression (unlike fetch), with the
// time each chunk of the body arrived, for compression and caching tests.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';

/**
 * @typedef {{ status: number, headers: http.IncomingHttpHeaders, body: Buffer,
 *   chunks: { at: number, bytes: Buffer }[], totalMs: number }} RawResponse
 */

/**
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<RawResponse>}
 */
export function rawGet(url, headers = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // No agent: each request on its own connection, nothing shared between tests.
    const req = http.get(url, { headers, agent: false }, (res) => {
      /** @type {{ at: number, bytes: Buffer }[]} */
      const chunks = [];
      res.on('data', (bytes) => chunks.push({ at: performance.now() - started, bytes }));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks.map((chunk) => chunk.bytes)),
          chunks,
          totalMs: performance.now() - started,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * The body decoded as its Content-Encoding says (throws on a corrupt body).
 * @param {RawResponse} res
 */
export function decode(res) {
  const coding = res.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(res.body).toString('utf8');
  if (coding === 'gzip') return zlib.gunzipSync(res.body).toString('utf8');
  if (coding === undefined) return res.body.toString('utf8');
  throw new Error(`unexpected Content-Encoding ${coding}`);
}

/**
 * Decodes only the first bytes of a compressed stream: what a browser could
 * parse from them now, before the rest arrives.
 * @param {'br' | 'gzip'} coding
 * @param {Buffer} prefix
 * @returns {Promise<string>}
 */
export function decodePrefix(coding, prefix) {
  const decoder = coding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip();
  let text = '';
  decoder.on('data', (chunk) => (text += chunk));
  decoder.on('error', () => {});
  return new Promise((resolve) => {
    decoder.write(prefix, () => {
      // Whatever the decoder could produce from the prefix has been emitted.
      setImmediate(() => {
        decoder.destroy();
        resolve(text);
      });
    });
  });
}
