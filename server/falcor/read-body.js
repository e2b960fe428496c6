// @ts-check
/**
 * A request's raw body for /model.json, bounded: too large is a 413 before or
 * while reading, too slow a 408, both as an HttpError the endpoint answers.
 */
import { HttpError } from '../errors.js';

/** @typedef {import('express').Request} Request */

/**
 * The raw body as text, at most `maxBytes`, within `timeoutMs`. If a body
 * parser already ran before this handler, its result is re-serialized and
 * checked like any body. Pitfall: without the deadline, 200 clients sending a
 * body at 1 byte/s held their connections for as long as they liked (measured:
 * never cut in 100 s; node's requestTimeout is a minute or more).
 * @param {Request} req
 * @param {number} maxBytes
 * @param {number} timeoutMs
 * @returns {Promise<string>}
 */
export function readBody(req, maxBytes, timeoutMs) {
  if (req.readableEnded && req.body !== undefined) {
    const text =
      typeof req.body === 'string' || Buffer.isBuffer(req.body) ? String(req.body) : JSON.stringify(req.body);
    if (Buffer.byteLength(text) > maxBytes) throw new HttpError(413, 'body too large');
    return Promise.resolve(text);
  }
  // Refuse on the declared length before reading a byte of it.
  if (Number(req.headers['content-length']) > maxBytes) throw new HttpError(413, 'body too large');
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    // The rest is never read: the endpoint answers the 408 with Connection: close.
    const deadline = setTimeout(() => {
      req.removeAllListeners('data');
      reject(new HttpError(408, 'body not received in time'));
    }, timeoutMs);
    req.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > maxBytes) {
        clearTimeout(deadline);
        req.removeAllListeners('data');
        req.resume();
        reject(new HttpError(413, 'body too large'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(deadline);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', () => {
      clearTimeout(deadline);
      reject(new HttpError(400, 'body could not be read'));
    });
  });
}
