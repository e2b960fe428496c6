// @ts-check
// The fleet's edge: how much nginx lets through to each instance and from
// each client before it sheds, their defaults derived from the app's own
// config, and the nginx directives that enforce them (deploy/lib/render.js
// puts those in deploy/nginx.conf).
import { KNOBS } from '../../server/config/load.js';

/**
 * The edge's bounds (docs/deploy.md, "Shedding a flood"); 0 leaves one out.
 * @typedef {object} EdgeBounds
 * @property {number} instanceConns pages and /model.json requests in flight to one instance (nginx max_conns)
 * @property {number} instanceRate pages and /model.json requests per second per instance (the site's rate is N times it)
 * @property {number} clientConns connections one client address may hold open
 * @property {number} clientRate pages and /model.json requests per second from one client address
 */

/**
 * A request holds at most this many of its instance's upstream sockets at
 * once: a page's one round is its rows and the visitor's list; a
 * /model.json read, a row and the list (test/server/upstream/rounds.test.js).
 */
export const SOCKETS_PER_REQUEST = 2;

/**
 * Defaults. An instance gets half the requests its upstream pool could carry
 * at once (UPSTREAM_CONNECTIONS / SOCKETS_PER_REQUEST / 2: 16 with 64
 * sockets), and never more than the app takes itself (OVERLOAD_MAX_IN_FLIGHT):
 * a request that reaches an instance never waits for a socket, even while the
 * graph cache refreshes beside it, and the queue ahead of it at the instance
 * is at most that many others' CPU time. Past it nginx sheds at once, where a
 * bound of 256 (the app's own) left a queue longer than a client waits
 * (docs/deploy.md, "Shedding a flood"). A client: the connection bound the
 * app has alone (MAX_CONNECTIONS_PER_CLIENT); rates off: a closed-loop flood
 * is bounded by connections, a rate only by a figure measured for a site.
 * @param {import('../../server/config/load.js').Config} config
 * @returns {EdgeBounds}
 */
export function defaultEdgeBounds(config) {
  const poolShare = Math.max(1, Math.floor(config.upstream.connections / SOCKETS_PER_REQUEST / 2));
  return {
    instanceConns: config.overload.maxInFlight > 0 ? Math.min(poolShare, config.overload.maxInFlight) : poolShare,
    instanceRate: 0,
    clientConns: Number(KNOBS.MAX_CONNECTIONS_PER_CLIENT.default),
    clientRate: 0,
  };
}

/** A burst of this many seconds of the rate passes at once before requests are shed. */
const BURST_S = 2;

/**
 * @param {EdgeBounds} edge
 * @param {number} instances
 */
export function edgeDirectives(edge, instances) {
  const zones = [];
  const limits = [];
  const clientConns = [];
  if (edge.clientConns > 0) {
    zones.push('  limit_conn_zone $binary_remote_addr zone=client_conns:10m;');
    clientConns.push(`      limit_conn client_conns ${edge.clientConns};`);
  }
  if (edge.clientRate > 0) {
    zones.push(`  limit_req_zone $binary_remote_addr zone=client_rate:10m rate=${edge.clientRate}r/s;`);
    limits.push(`      limit_req zone=client_rate burst=${edge.clientRate * BURST_S} nodelay;`);
  }
  if (edge.instanceRate > 0) {
    // One key for every request: the site's rate, N instances' worth.
    zones.push(`  limit_req_zone $edge_site zone=site_rate:1m rate=${edge.instanceRate * instances}r/s;`);
    zones.push('  map $scheme $edge_site { default site; }');
    limits.push(`      limit_req zone=site_rate burst=${edge.instanceRate * instances * BURST_S} nodelay;`);
  }
  return {
    EDGE_ZONES: zones.join('\n'),
    EDGE_LIMITS: [...clientConns, ...limits].join('\n'),
    EDGE_CLIENT_CONNS: clientConns.join('\n'),
  };
}
