// @ts-check
/**
 * The fields of a /model.json request, whatever carries them: the query
 * string of a GET, or a POST body, form-encoded as falcor's HttpDataSource
 * sends it or JSON. Each is read by name, once (a field given twice is a 400);
 * validate-request.js then checks what they say.
 */
import { HttpError } from '../errors.js';
import { parseJson } from './validate-request.js';
import { readBody } from './read-body.js';

/** @typedef {import('express').Request} Request */

/**
 * What a POST may carry: the form encoding client/fetch-data-source.js (and
 * falcor's HttpDataSource) sends, and JSON for other clients (no form can
 * send it, and a cross-site fetch only after a CORS preflight this app never
 * grants). server/app.js refuses the rest before the visitor cookie.
 */
export const MODEL_POST_TYPES = Object.freeze(['application/x-www-form-urlencoded', 'application/json']);

/**
 * A field reader over the query string, parsed here rather than trusting
 * `req.query` (whose shape depends on the app's query parser setting).
 * @param {string} url
 */
export function queryFields(url) {
  const at = url.indexOf('?');
  return formFields(new URLSearchParams(at < 0 ? '' : url.slice(at + 1)));
}

/** @param {URLSearchParams} params */
function formFields(params) {
  return (/** @type {string} */ name) => {
    const values = params.getAll(name);
    if (values.length > 1) throw new HttpError(400, `${name} given twice`);
    return values[0];
  };
}

/**
 * @param {Request} req
 * @param {number} maxBytes
 * @param {number} timeoutMs
 * @returns {Promise<(name: string) => unknown>}
 */
export async function bodyFields(req, maxBytes, timeoutMs) {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  // No type and text/plain (old HttpDataSource versions sent them) are
  // refused too: they are how a cross-site form or no-cors fetch sends a body.
  if (!MODEL_POST_TYPES.includes(type)) throw new HttpError(415, `send ${MODEL_POST_TYPES.join(' or ')}`);
  const isJson = type === 'application/json';
  const text = await readBody(req, maxBytes, timeoutMs);
  if (!isJson) return formFields(new URLSearchParams(text));
  const body = parseJson(text, 'body');
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'body must be a JSON object');
  return (name) => (Object.hasOwn(body, name) ? body[name] : undefined);
}
