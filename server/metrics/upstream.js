// @ts-check
// Upstream pools and calls: pool state read from `upstream.stats()` at each
// scrape, plus the duration and errors of every call. Pending requests above
// zero mean pages wait for a socket, not for the catalog: Node's old default
// of 5 sockets per origin cost one team 2.5 s per page at 20 concurrent users
// (Box, "Performance Profiling the Unexpected in Node.js", 2015).
import client from 'prom-client';

const POOL_STATES = /** @type {const} */ (['connected', 'free', 'pending', 'running', 'queued', 'size']);
const CIRCUIT_STATES = /** @type {const} */ (['closed', 'open', 'half-open']);
const STATE_HELP = {
  connected: 'Sockets open to the upstream',
  free: 'Open sockets doing nothing',
  pending: 'Requests waiting for a socket (queueing in the pool)',
  running: 'Requests on the wire',
  queued: 'Requests pending or running',
  size: 'Requests pending or running, as undici counts them',
};

/**
 * The bounded template of a catalog path: `/lists/genre-drama?from=0&to=9`
 * becomes `/lists/:id`. Catalog paths alternate resource and id.
 * @param {string} path
 */
export function upstreamPathTemplate(path) {
  const [pathname] = path.split('?');
  return pathname
    .split('/')
    .map((segment, i) => (i % 2 === 1 || segment === '' ? segment : ':id'))
    .slice(0, 5)
    .join('/');
}

/** @param {import('prom-client').Registry} registry */
export function createUpstreamMetrics(registry) {
  /** @type {Map<string, { stats: () => Record<string, number>, circuitState?: () => string }>} */
  const pools = new Map();
  for (const state of POOL_STATES) {
    new client.Gauge({
      name: `marquee_upstream_pool_${state}`,
      help: `${STATE_HELP[state]}, per upstream pool`,
      labelNames: ['pool'],
      registers: [registry],
      collect() {
        for (const [pool, upstream] of pools) this.set({ pool }, upstream.stats()[state] ?? 0);
      },
    });
  }
  // One series per state, 1 for the current one (the Prometheus enum idiom):
  // `marquee_upstream_circuit_state{state="open"} == 1` is an alert as it is.
  new client.Gauge({
    name: 'marquee_upstream_circuit_state',
    help: "The upstream origin's circuit breaker: 1 for its current state (closed, open, half-open), 0 for the others",
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      for (const [pool, upstream] of pools) {
        const current = upstream.circuitState?.() ?? 'closed';
        for (const state of CIRCUIT_STATES) this.set({ pool, state }, state === current ? 1 : 0);
      }
    },
  });
  const opened = new client.Counter({
    name: 'marquee_upstream_circuit_opened_total',
    help: "Times the upstream origin's circuit breaker opened (calls then fail at once for the cool-down)",
    labelNames: ['pool'],
    registers: [registry],
  });
  // Pitfall: rising with the calls, not flat, is a new socket (a TLS handshake) per call (perf/exercises/08-tls-reuse).
  const connects = new client.Counter({
    name: 'marquee_upstream_connections_opened_total',
    help: 'New sockets opened to the upstream origin (over HTTPS, a TLS handshake each), per pool: flat once the pool is warm',
    labelNames: ['pool'],
    registers: [registry],
  });
  const retries = new client.Counter({
    name: 'marquee_upstream_retries_total',
    help: 'Upstream reads tried a second time (no answer or a 5xx the first time), by pool, method and path template',
    labelNames: ['pool', 'method', 'path'],
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'marquee_upstream_request_duration_seconds',
    help: 'Duration of upstream attempts (queue wait included; a retry is an attempt of its own), by pool, method, path template and outcome',
    labelNames: ['pool', 'method', 'path', 'outcome'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 1, 2, 5],
    registers: [registry],
  });
  const errors = new client.Counter({
    name: 'marquee_upstream_errors_total',
    help: 'Failed upstream attempts, by pool, method, path template and error code (timeout, reset, http, bad-json, circuit-open: not sent)',
    labelNames: ['pool', 'method', 'path', 'code'],
    registers: [registry],
  });

  return {
    /**
     * Reports this pool's state at each scrape.
     * @param {string} pool a short name, e.g. 'catalog'
     * @param {{ stats: () => Record<string, number> }} upstream
     */
    watchPool(pool, upstream) {
      pools.set(pool, upstream);
      // Zeros from the start: a rate() over a counter that appears late misses its first rise.
      opened.inc({ pool }, 0);
      connects.inc({ pool }, 0);
    },
    /**
     * A hook for the pool's `onConnect` option.
     * @param {string} pool
     * @returns {() => void}
     */
    onConnect(pool) {
      return () => connects.inc({ pool });
    },
    /**
     * A hook for the pool's `onCircuit` option.
     * @param {string} pool
     * @returns {(state: string) => void}
     */
    onCircuit(pool) {
      return (state) => {
        if (state === 'open') opened.inc({ pool });
      };
    },
    /**
     * A hook for the pool's `onCall` option.
     * @param {string} pool
     * @returns {(call: { method: string, path: string, ms: number, error?: { code?: string } | null, attempt?: number }) => void}
     */
    onCall(pool) {
      return ({ method, path, ms, error, attempt = 1 }) => {
        const template = upstreamPathTemplate(path);
        if (attempt > 1) retries.inc({ pool, method, path: template });
        duration.observe({ pool, method, path: template, outcome: error ? 'error' : 'ok' }, ms / 1000);
        if (error) errors.inc({ pool, method, path: template, code: error.code ?? 'unknown' });
      };
    },
  };
}
