// @ts-check
// Every answer of the catalog is JSON, errors included: `{"error": "..."}`.
import { HttpError } from './errors.js';

export { HttpError };

/**
 * @param {number} status
 * @param {string} message safe to show the caller
 * @param {Record<string, string>} [headers] extra response headers (allow, connection)
 */
export function httpError(status, message, headers = {}) {
  return Object.assign(new HttpError(status, message), { headers });
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
export function sendJson(res, status, body, headers = {}) {
  if (res.headersSent || res.destroyed) return;
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    ...headers,
  });
  res.end(json);
}

/**
 * An HttpError says what the caller got wrong; anything else is our bug and
 * is answered as a bare 500, never with its message or stack.
 * @param {import('node:http').ServerResponse} res
 * @param {unknown} error
 * @param {(message: string) => void} logError
 */
export function sendError(res, error, logError) {
  if (error instanceof HttpError) {
    const { headers } = /** @type {{ headers?: Record<string, string> }} */ (error);
    sendJson(res, error.status, { error: error.message }, headers);
    return;
  }
  logError(`catalog: unexpected error: ${error instanceof Error ? error.stack : String(error)}`);
  sendJson(res, 500, { error: 'internal error' });
}
