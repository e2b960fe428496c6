// @ts-check
// What client/fetch-data-source.js makes of an answer from /model.json: its
// JSON or an error that says what the server said, and the upstream work the
// server reported (Server-Timing), announced for whoever measures.

/** An HTTP failure with what the server said, for logs and error atoms. */
export class DataSourceError extends Error {
  /**
   * @param {string} message
   * @param {{ status?: number, body?: unknown, cause?: unknown }} [details]
   */
  constructor(message, { status, body, cause } = {}) {
    super(message, { cause });
    this.name = 'DataSourceError';
    this.status = status;
    this.body = body;
  }
}

/** The event each answer's upstream work is announced with (client/nav/timing.js counts it per navigation). */
const MODEL_RESPONSE_EVENT = 'marquee:model-response';

/**
 * Announces what the server waited for to answer (its Server-Timing header:
 * `upstream-requests;desc=N, upstream-rounds;desc=N`), for whoever measures.
 * @param {Response} res
 * @returns {Response}
 */
export function announceUpstream(res) {
  const timing = res.headers?.get?.('server-timing') ?? '';
  const count = (/** @type {string} */ name) => Number(new RegExp(`${name};desc=(\\d+)`).exec(timing)?.[1] ?? 0);
  if (typeof dispatchEvent === 'function')
    dispatchEvent(
      new CustomEvent(MODEL_RESPONSE_EVENT, {
        detail: { requests: count('upstream-requests'), rounds: count('upstream-rounds') },
      }),
    );
  return res;
}

/**
 * @param {Response} res
 * @returns {Promise<unknown>}
 */
export async function readJson(res) {
  const text = await res.text();
  let body;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch (cause) {
    if (res.ok) throw new DataSourceError(`invalid JSON from ${res.url || 'the model'}`, { status: res.status, cause });
    body = text;
  }
  if (!res.ok) {
    const message = typeof body === 'object' && body && 'error' in body ? String(body.error) : `HTTP ${res.status}`;
    throw new DataSourceError(message, { status: res.status, body });
  }
  return body;
}

/** @param {unknown} error */
export function toError(error) {
  if (error instanceof DataSourceError) return error;
  return new DataSourceError(error instanceof Error ? error.message : String(error), { cause: error });
}
