// @ts-check
/**
 * One keep-alive connection pool per upstream origin, with a deliberate
 * connection limit, a deadline per call and per attempt, one retry of a
 * read, and a circuit breaker (./breaker.js). Every upstream byte of the app
 * goes through here, so pool state is one `stats()` call away. The URL may
 * carry a base path (`https://api.example.com/v1`): every call's path goes
 * under it, and the deployment's headers (UPSTREAM_HEADERS) go with every call.
 * Here: the pool and one attempt on its sockets. Around them: the call's
 * deadline, retry and breaker (./request-json.js), what a failed attempt
 * becomes (./wire-error.js), the pool's state (./pool-stats.js).
 */
import tls from 'node:tls';
import { Pool } from 'undici';
import { UpstreamError } from './errors.js';
import { createRequestJson } from './request-json.js';
import { toUpstreamError } from './wire-error.js';
import { poolStats } from './pool-stats.js';

/**
 * @typedef {object} UpstreamOptions
 * @property {string} url origin of the upstream, e.g. http://127.0.0.1:4001, maybe with a base path
 *   (https://api.example.com/v1: `GET /lists` goes to /v1/lists); no query string or fragment
 * @property {number} [connections] sockets kept open to that origin
 * @property {number} [keepAliveMs] how long an idle socket is kept
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
 * @property {() => void} [onConnect] told of every new socket to the origin (over HTTPS, a TLS handshake), for metrics
 */

/** @typedef {import('./pool-stats.js').UpstreamStats} UpstreamStats */

/**
 * @typedef {object} Upstream
 * @property {(method: string, path: string, body?: unknown, options?: { headers?: Record<string, string> }) => Promise<{ status: number, body: any }>} requestJson
 *   Resolves for 2xx/3xx only; any status >= 400 rejects with code 'http'.
 * @property {() => UpstreamStats} stats
 * @property {() => import('./breaker.js').BreakerState} [circuitState] the origin's circuit breaker (a fake upstream may have none)
 * @property {() => Promise<void>} close
 */

/**
 * @param {UpstreamOptions} options
 * @returns {Upstream}
 */
export function createUpstream({
  url,
  connections = 32,
  keepAliveMs = 4_000,
  timeoutMs = 2_000,
  deadlineMs = timeoutMs,
  retry = true,
  circuit = { failures: 0, coolDownMs: 0 },
  onCircuit,
  ca = null,
  headers: fixedHeaders = {},
  onCall,
  onConnect,
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
  if (onConnect) pool.on('connect', () => onConnect());

  const { requestJson, circuitState } = createRequestJson({
    send,
    origin: origin.origin,
    basePath,
    timeoutMs,
    deadlineMs,
    retry,
    circuit,
    onCircuit,
    onCall,
  });

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
        // Pitfall: a new connection, over TLS a handshake, per call (perf/exercises/01-connection-pool, 08-tls-reuse).
        headers:
          body === undefined
            ? { accept: 'application/json', ...fixedHeaders, ...headers }
            : { accept: 'application/json', 'content-type': 'application/json', ...fixedHeaders, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
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
    circuitState,
    stats: () => poolStats(pool),
    close: () => pool.close(),
  };
}
