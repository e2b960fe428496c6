// @ts-check
/**
 * What a failed attempt on the wire (./pool.js) becomes: an UpstreamError
 * whose code says whether an answer came. A timeout (the attempt's deadline,
 * or one of undici's per-phase backstops) and a reset are worth a retry of a
 * read (./request-json.js); an answer the pool already judged passes as it is.
 */
import { UpstreamError } from './errors.js';

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * @param {unknown} err
 * @param {boolean} deadlinePassed
 * @param {{ method: string, path: string }} info
 * @param {string} wirePath the path as sent, base path included
 * @param {number} timeoutMs
 * @returns {UpstreamError}
 */
export function toUpstreamError(err, deadlinePassed, info, wirePath, timeoutMs) {
  if (err instanceof UpstreamError) return err;
  const code = /** @type {{ code?: string }} */ (err)?.code;
  const where = `${info.method} ${wirePath}`;
  if (deadlinePassed || (code && TIMEOUT_CODES.has(code))) {
    return new UpstreamError(`${where} took longer than ${timeoutMs} ms`, { code: 'timeout', cause: err, ...info });
  }
  // Resets, refused connections, TLS failures: no usable answer arrived.
  const detail = err instanceof Error ? err.message : String(err);
  return new UpstreamError(`${where} failed: ${code ?? ''} ${detail}`.trim(), { code: 'reset', cause: err, ...info });
}
