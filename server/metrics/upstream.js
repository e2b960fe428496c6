// @ts-check
// Upstream pools and calls: pool state read from `upstream.stats()` at each
// scrape, plus the duration and errors of every call. Pending requests above
// zero mean pages wait for a socket, not for the catalog: Node's old default
// of 5 sockets per origin cost one team 2.5 s per page at 20 concurrent users
// (Box, "Performance Profiling the Unexpected in Node.js", 2015).
import client from 'prom-client';

const POOL_STATES = /** @type {const} */ (['connected', 'free', 'pending', 'running', 'queued', 'size']);
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
  /** @type {Map<string, { stats: () => Record<string, number> }>} */
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
  const duration = new client.Histogram({
    name: 'marquee_upstream_request_duration_seconds',
    help: 'Duration of upstream calls (queue wait included), by pool, method, path template and outcome',
    labelNames: ['pool', 'method', 'path', 'outcome'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 1, 2, 5],
    registers: [registry],
  });
  const errors = new client.Counter({
    name: 'marquee_upstream_errors_total',
    help: 'Failed upstream calls, by pool, method, path template and error code (timeout, reset, http, bad-json)',
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
    },
    /**
     * A hook for the pool's `onCall` option.
     * @param {string} pool
     * @returns {(call: { method: string, path: string, ms: number, error?: { code?: string } | null }) => void}
     */
    onCall(pool) {
      return ({ method, path, ms, error }) => {
        const template = upstreamPathTemplate(path);
        duration.observe({ pool, method, path: template, outcome: error ? 'error' : 'ok' }, ms / 1000);
        if (error) errors.inc({ pool, method, path: template, code: error.code ?? 'unknown' });
      };
    },
  };
}
