// @ts-check
/**
 * The rules of one upstream call, around the attempts the pool sends
 * (./pool.js): one deadline for the whole call, a read tried once more
 * inside it, every attempt through the origin's circuit breaker
 * (./breaker.js), and every finished attempt told to metrics.
 */
import { UpstreamError } from './errors.js';
import { createBreaker } from './breaker.js';

/** A retry with less of the deadline left than this could not be answered in time: not sent. */
const MIN_RETRY_MS = 50;

/**
 * No answer, or the upstream said it failed (5xx): another try may work.
 * A 4xx would be the same again; invalid JSON is a bug, not bad luck.
 * @param {UpstreamError} error
 */
function isTransient(error) {
  return error.code === 'timeout' || error.code === 'reset' || (error.code === 'http' && error.status >= 500);
}

/**
 * @param {{
 *   send: (method: string, wirePath: string, body: unknown, headers: Record<string, string>, attemptMs: number,
 *     info: { method: string, path: string }) => Promise<{ status: number, body: any }>,
 *   origin: string, basePath: string, timeoutMs: number, deadlineMs: number, retry: boolean,
 *   circuit: NonNullable<import('./pool.js').UpstreamOptions['circuit']>,
 *   onCircuit?: import('./pool.js').UpstreamOptions['onCircuit'],
 *   onCall?: import('./pool.js').UpstreamOptions['onCall'],
 * }} options send: one attempt on the wire, rejecting with an UpstreamError; origin: for messages;
 *   the rest as createUpstream's (./pool.js)
 * @returns {{ requestJson: import('./pool.js').Upstream['requestJson'], circuitState: () => import('./breaker.js').BreakerState }}
 */
export function createRequestJson({
  send,
  origin,
  basePath,
  timeoutMs,
  deadlineMs,
  retry,
  circuit,
  onCircuit,
  onCall,
}) {
  const breaker = createBreaker({
    ...circuit,
    onChange: (state) => {
      try {
        onCircuit?.(state);
      } catch {
        // A broken metrics hook must not break the breaker.
      }
    },
  });

  /** @type {import('./pool.js').Upstream['requestJson']} */
  async function requestJson(method, path, body, { headers = {} } = {}) {
    if (typeof path !== 'string' || !path.startsWith('/')) throw new TypeError(`path must start with /, got ${path}`);
    const info = { method, path };
    const wirePath = basePath + path;
    // The whole call, its retry included, ends by the deadline: a page waits
    // for one upstream call at most deadlineMs, whatever happens on the wire.
    const endsAt = performance.now() + deadlineMs;
    // Pitfall: retrying a write can apply it twice (a PUT that timed out may
    // have landed); only reads are retried, and only once, inside the deadline.
    const attempts = retry && (method === 'GET' || method === 'HEAD') ? 2 : 1;
    /** @type {UpstreamError | null} */
    let previous = null;
    for (let attempt = 1; ; attempt += 1) {
      const left = endsAt - performance.now();
      if (!breaker.admit()) {
        // The first try's failure opened the circuit: that failure is the story, not the open circuit.
        if (previous) throw previous;
        const error = new UpstreamError(`${method} ${wirePath} not sent: the circuit to ${origin} is open`, {
          code: 'circuit-open',
          ...info,
        });
        report({ method, path, ms: 0, error, attempt });
        throw error;
      }
      const started = performance.now();
      /** @type {UpstreamError | null} */
      let failure = null;
      try {
        const answer = await send(method, wirePath, body, headers, Math.min(timeoutMs, left), info);
        breaker.success();
        return answer;
      } catch (err) {
        failure = /** @type {UpstreamError} */ (err);
        // A 4xx is an answer (no such list, a full list): the upstream is well.
        if (failure.code === 'http' && failure.status < 500) breaker.success();
        else breaker.failure();
        // Worth another try: no answer came, or the upstream said it failed;
        // and only with enough of the deadline left for an answer.
        const again = attempt < attempts && isTransient(failure) && endsAt - performance.now() >= MIN_RETRY_MS;
        if (!again) throw failure;
        previous = failure;
      } finally {
        report({ method, path, ms: performance.now() - started, error: failure, attempt });
      }
    }
  }

  /** @param {Parameters<NonNullable<import('./pool.js').UpstreamOptions['onCall']>>[0]} call */
  function report(call) {
    try {
      onCall?.(call);
    } catch {
      // A broken metrics hook must not turn an answer into a failure (nor
      // make requestJson reject with anything but an UpstreamError).
    }
  }

  return { requestJson, circuitState: () => breaker.state };
}
