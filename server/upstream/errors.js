// @ts-check
/**
 * The one error type the upstream layer rejects with. Callers branch on
 * `code`, never on message text; the message is for logs only and must not
 * reach a browser (it can name hosts, ports and upstream error bodies).
 */

/**
 * circuit-open: not sent, the origin's circuit breaker is open (./breaker.js).
 * @typedef {'timeout' | 'reset' | 'http' | 'bad-json' | 'circuit-open'} UpstreamErrorCode
 */

export class UpstreamError extends Error {
  /**
   * @param {string} message detail for logs
   * @param {{ code: UpstreamErrorCode, status?: number, method?: string, path?: string, cause?: unknown }} info
   */
  constructor(message, { code, status = 0, method, path, cause }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'UpstreamError';
    /** @type {UpstreamErrorCode} */
    this.code = code;
    /** HTTP status from upstream, or 0 when no response arrived. */
    this.status = status;
    this.method = method;
    this.path = path;
  }
}

/** @param {unknown} err @returns {err is UpstreamError} */
export function isUpstreamError(err) {
  return err instanceof UpstreamError;
}
