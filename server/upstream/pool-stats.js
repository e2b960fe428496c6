// @ts-check
/**
 * The state of an upstream pool (./pool.js), observable at any time: what
 * `stats()` answers, read from undici's own counters. Scraped into /metrics
 * (server/metrics/upstream.js: a marquee_upstream_pool_<state> gauge each).
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
 * @param {import('undici').Pool} pool
 * @returns {UpstreamStats} a copy: later calls do not change it
 */
export function poolStats(pool) {
  const { connected, free, pending, running, queued, size } = pool.stats;
  return { connected, free, pending, running, queued, size };
}
