// @ts-check
// Request bodies are small JSON documents; anything bigger is refused before
// it is buffered, so one client cannot make the service hold megabytes.
import { HttpError, httpError } from './respond.js';

/** The largest body any catalog endpoint needs is a few dozen bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {number} [maxBytes]
 * @returns {Promise<unknown>} the parsed JSON body
 */
export async function readJsonBody(req, maxBytes = MAX_BODY_BYTES) {
  const declared = Number(req.headers['content-length']);
  if (declared > maxBytes) throw tooLarge(maxBytes);

  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      size += chunk.length;
      // A chunked upload has no content-length: count as it arrives.
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The client went away mid-upload: nobody is left to read an answer.
    throw new HttpError(400, 'the body was cut off');
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw new HttpError(400, 'a JSON body is required');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'the body is not valid JSON');
  }
}

/** @param {number} maxBytes */
function tooLarge(maxBytes) {
  // The rest of the upload is not read: close the connection after answering.
  return httpError(413, `the body is over ${maxBytes} bytes`, { connection: 'close' });
}
