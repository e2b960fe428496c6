// @ts-check
/**
 * One keep-alive connection pool per upstream origin, with a deliberate
 * connection limit, a deadline per call and per attempt, one retry of a
 * read, and a circuit breaker (./breaker.js). Every upstream byte of the app
 * goes through here, so pool state is one `stats()` call away. The URL may
 * carry a base path (`https://api.example.com/v1`): every call's path goes
 * under it, and the deployment's headers (UPSTREAM_HEADERS) go with every call.
 */
import tls from 'node:tls';
import { Pool } from 'undici';
import { UpstreamError } from './errors.js';
import { createBreaker } from './breaker.js';

/**
 * @typedef {object} UpstreamOptions
 * @property {string} url origin of the upstream, e.g. http://127.0.0.1:4001, maybe with a base path
 *   (https://api.example.com/v1: `GET /lists` goes to /v1/lists); no query string or fragment
 * @property {number} [connections] sockets kept open to that origin
 * @property {number} [keepAliveMs] how long an idle socket is kept
 * @property {boolean} [reuseConnections] false: a new connection per call (`Connection: close`), for
 *   workshop exercises 01 and 08 only; never a production setting
 * @property {number} [timeoutMs] deadline of one attempt, queueing included
 * @property {number} [deadlineMs] deadline of the whole call, its retry included (at least timeoutMs;
 *   default timeoutMs: a retry only after a fast failure)
 * @property {boolean} [retry] true: a GET (or HEAD) that got no answer or a 5xx is tried once more
 *   inside deadlineMs; writes never are
 * @property {{ failures: number, coolDownMs: number }} [circuit] the origin's circuit breaker
 *   (./breaker.js): open after `failures` failed attempts in a row, for coolDownMs; failures 0: never
 * @property {(state: import('./breaker.js').BreakerState) => void} [onCircuit] told when the breaker
 *   changes state, for metrics and logs
 * @property {string | null} [ca] a PEM certificate to trust besides the system CAs (the catalog's self-signed one)
 * @property {Readonly<Record<string, string>>} [headers] sent with every call (an API key…), under a call's own
 * @property {(call: { method: string, path: string, ms: number, error: UpstreamError | null, attempt: number }) => void} [onCall]
 *   told of every finished attempt (attempt 2: the retry; a call refused by the open circuit too, at 0 ms),
 *   for metrics (server/metrics/upstream.js); `path` is the call's, without the base path
 */

/**
 * @typedef {object} UpstreamStats
 * @property {number} connected sockets open
 * @property {number} free open sockets doing nothing
 * @property {number} pending requests waiting for a socket
 * @property {number} running requests on the wire
 * @property {number} queued pending + running
 * @property {number} size pending + running, as undici counts it
 */

/**
 * @typedef {object} Upstream
 * @property {(method: string, path: string, body?: unknown, options?: { headers?: Record<string, string> }) => Promise<{ status: number, body: any }>} requestJson
 *   Resolves for 2xx/3xx only; any status >= 400 rejects with code 'http'.
 * @property {() => UpstreamStats} stats
 * @property {() => import('./breaker.js').BreakerState} [circuitState] the origin's circuit breaker (a fake upstream may have none)
 * @property {() => Promise<void>} close
 */

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

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
 * @param {UpstreamOptions} options
 * @returns {Upstream}
 */
export function createUpstream({
  url,
  connections = 32,
  keepAliveMs = 4_000,
  reuseConnections = true,
  timeoutMs = 2_000,
  deadlineMs = timeoutMs,
  retry = true,
  circuit = { failures: 0, coolDownMs: 0 },
  onCircuit,
  ca = null,
  headers: fixedHeaders = {},
  onCall,
}) {
  const origin = new URL(url);
  if (origin.search || origin.hash || /[?#]/.test(url))
    throw new TypeError(`url must have no query string or fragment, got ${origin.origin}${origin.pathname}…`);
  // undici's Pool talks to one origin and takes each request's path as it is:
  // the base path is prefixed here, per call. "/v1/" and "/v1" are the same base.
  const basePath = origin.pathname.replace(/\/+$/, '');
  if (!Number.isInteger(connections) || connections < 1)
    throw new TypeError(`connections must be a positive integer, got ${connections}`);
  if (!(timeoutMs > 0)) throw new TypeError(`timeoutMs must be positive, got ${timeoutMs}`);
  if (!(deadlineMs >= timeoutMs))
    throw new TypeError(`deadlineMs must be at least timeoutMs (${timeoutMs}), got ${deadlineMs}`);
  if (!(keepAliveMs > 0)) throw new TypeError(`keepAliveMs must be positive, got ${keepAliveMs}`);
  if (ca && origin.protocol !== 'https:') throw new TypeError(`ca needs an https: url, got ${origin.protocol}`);

  const pool = new Pool(origin.origin, {
    // Pitfall: Node's old http.Agent default of 5 sockets per origin queued
    // every upstream call behind 5 others; Box measured 2.5 s per page at 20
    // concurrent users against a 250 ms API. The limit is a deliberate knob.
    // (perf/exercises/01-connection-pool)
    connections,
    // Pitfall: a client idle timeout longer than the server's makes us reuse
    // sockets the server is closing (ECONNRESET). Keep it under the upstream's
    // keep-alive (Node's default server keepAliveTimeout is 5 s).
    // undici also honours the server's `Keep-Alive: timeout=` hint (minus a
    // margin); keepAliveMaxTimeout caps that hint at our own setting.
    keepAliveTimeout: keepAliveMs,
    keepAliveMaxTimeout: keepAliveMs,
    // Backstops per phase; the AbortController below is the real deadline.
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connectTimeout: timeoutMs,
    // Certificates are always checked: a self-signed catalog is trusted by
    // pinning its own certificate, never by switching verification off.
    // Pitfall: a `ca` option builds a TLS context per connection, parsing the
    // system's 144 root certificates: about 60 ms of CPU for every new socket
    // (found measuring perf/exercises/08-tls-reuse). Built once, shared.
    connect: ca ? { secureContext: tls.createSecureContext({ ca: [...tls.rootCertificates, ca] }) } : undefined,
  });

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

  /** @type {Upstream['requestJson']} */
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
        const error = new UpstreamError(`${method} ${wirePath} not sent: the circuit to ${origin.origin} is open`, {
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

  /** @param {Parameters<NonNullable<UpstreamOptions['onCall']>>[0]} call */
  function report(call) {
    try {
      onCall?.(call);
    } catch {
      // A broken metrics hook must not turn an answer into a failure (nor
      // make requestJson reject with anything but an UpstreamError).
    }
  }

  /**
   * One attempt on the wire, ended by its own deadline.
   * @param {string} method
   * @param {string} wirePath
   * @param {unknown} body
   * @param {Record<string, string>} headers
   * @param {number} attemptMs
   * @param {{ method: string, path: string }} info
   * @returns {Promise<{ status: number, body: any }>}
   */
  async function send(method, wirePath, body, headers, attemptMs, info) {
    // A deadline for the whole attempt (queue wait + headers + body): per-phase
    // timeouts alone let a slow-drip body hold a page for ever.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), attemptMs);
    try {
      const response = await pool.request({
        method: /** @type {import('undici').Dispatcher.HttpMethod} */ (method),
        path: wirePath,
        signal: deadline.signal,
        headers:
          body === undefined
            ? { accept: 'application/json', ...fixedHeaders, ...headers }
            : { accept: 'application/json', 'content-type': 'application/json', ...fixedHeaders, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        // Pitfall: a new connection, over TLS a handshake, per call (perf/exercises/01-connection-pool, 08-tls-reuse).
        reset: !reuseConnections,
      });
      // Always read the body, even for errors: an unread body pins the socket.
      const text = await response.body.text();
      const status = response.statusCode;
      if (status >= 400) {
        throw new UpstreamError(`${method} ${wirePath} answered ${status}: ${text.slice(0, 200)}`, {
          code: 'http',
          status,
          ...info,
        });
      }
      if (text === '') return { status, body: null };
      try {
        return { status, body: JSON.parse(text) };
      } catch (cause) {
        throw new UpstreamError(`${method} ${wirePath} answered invalid JSON`, {
          code: 'bad-json',
          status,
          cause,
          ...info,
        });
      }
    } catch (err) {
      throw toUpstreamError(err, deadline.signal.aborted, info, wirePath, Math.round(attemptMs));
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    requestJson,
    circuitState: () => breaker.state,
    stats() {
      const { connected, free, pending, running, queued, size } = pool.stats;
      return { connected, free, pending, running, queued, size };
    },
    close: () => pool.close(),
  };
}

/**
 * @param {unknown} err
 * @param {boolean} deadlinePassed
 * @param {{ method: string, path: string }} info
 * @param {string} wirePath the path as sent, base path included
 * @param {number} timeoutMs
 * @returns {UpstreamError}
 */
function toUpstreamError(err, deadlinePassed, info, wirePath, timeoutMs) {
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
