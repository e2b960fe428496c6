// @ts-check
// Fills deploy/nginx.conf and deploy/prometheus.yml for a set of instances,
// with nginx's timeouts taken from the app's own config: one place decides
// them (server/config/load.js), and the balancer follows.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KNOBS } from '../../server/config/load.js';
import { RETRY_AFTER_S, SHED_BODY } from '../../server/middleware/overload.js';

const DEPLOY = fileURLToPath(new URL('..', import.meta.url));

/** nginx closes an idle upstream connection this long before the app would. */
const IDLE_MARGIN_S = 5;

/**
 * Replaces every {{NAME}}, and every '{{NAME}}' quotes included (so a YAML
 * template stays valid YAML); a name without a value is an error, never an
 * empty hole.
 * @param {string} template
 * @param {Record<string, string | number>} values
 */
export function fill(template, values) {
  return template.replace(/'\{\{([A-Z_]+)\}\}'|\{\{([A-Z_]+)\}\}/g, (_match, quoted, bare) => {
    const name = quoted ?? bare;
    if (!(name in values)) throw new Error(`template value {{${name}}} missing`);
    return String(values[name]);
  });
}

/** @param {number} ms */
const seconds = (ms) => Math.max(1, Math.ceil(ms / 1000));

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
 * /model.json read, a row and the list (test/upstream-rounds.test.js).
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

/**
 * What a measuring run logs of each request (perf:chaos --fleet): the
 * request's time in nginx, from its first byte read to its last byte sent,
 * and the instance's part of it ("-" when no instance was asked: shed).
 * Written unbuffered, so the file is whole the moment the load stops.
 */
export const ACCESS_LOG_FORMAT = '$status $request_method $uri $request_time $upstream_response_time';

/** A burst of this many seconds of the rate passes at once before requests are shed. */
const BURST_S = 2;

/**
 * @param {EdgeBounds} edge
 * @param {number} instances
 */
function edgeDirectives(edge, instances) {
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

/**
 * @param {{
 *   instances: string[],
 *   httpListen: string,
 *   httpsListen: string,
 *   runDir: string,
 *   tlsCert: string,
 *   tlsKey: string,
 *   config: import('../../server/config/load.js').Config,
 *   edge?: EdgeBounds,
 *   accessLog?: string | null,
 * }} options instances: host:port of each app instance; listens: nginx `listen` values;
 *   edge: shedding bounds (default: defaultEdgeBounds); accessLog: a file for one line per
 *   request with nginx's timings (ACCESS_LOG_FORMAT), for a measurement; default none
 */
export function renderNginx({
  instances,
  httpListen,
  httpsListen,
  runDir,
  tlsCert,
  tlsKey,
  config,
  edge,
  accessLog = null,
}) {
  const { edges, falcor } = config;
  const bounds = edge ?? defaultEdgeBounds(config);
  const appKeepAliveS = Math.floor(edges.keepAliveTimeoutMs / 1000);
  const server = (/** @type {string} */ hostPort, /** @type {string} */ extra) =>
    `    server ${hostPort} max_fails=1 fail_timeout=2s${extra};`;
  return fill(readFileSync(`${DEPLOY}/nginx.conf`, 'utf8'), {
    RUN_DIR: runDir,
    ACCESS_LOG: accessLog
      ? `  log_format timing '${ACCESS_LOG_FORMAT}';\n  access_log ${accessLog} timing;`
      : '  access_log off;',
    SERVERS: instances
      .map((hostPort) => server(hostPort, bounds.instanceConns > 0 ? ` max_conns=${bounds.instanceConns}` : ''))
      .join('\n'),
    LIGHT_SERVERS: instances.map((hostPort) => server(hostPort, '')).join('\n'),
    ...edgeDirectives(bounds, instances.length),
    RETRY_AFTER_S,
    // nginx's string: the newline escaped, no quote in it.
    SHED_BODY: SHED_BODY.replace(/\n/g, '\\n'),
    APP_KEEPALIVE_S: appKeepAliveS,
    UPSTREAM_IDLE_S: Math.max(1, appKeepAliveS - IDLE_MARGIN_S),
    HEADERS_TIMEOUT_S: seconds(edges.headersTimeoutMs),
    BODY_TIMEOUT_S: seconds(edges.bodyTimeoutMs),
    MAX_BODY_BYTES: falcor.maxBodyBytes,
    WRITE_TIMEOUT_S: seconds(edges.writeTimeoutMs),
    READ_TIMEOUT_S: readTimeoutS(config),
    HTTP_LISTEN: httpListen,
    HTTPS_LISTEN: httpsListen,
    TLS_CERT: tlsCert,
    TLS_KEY: tlsKey,
  });
}

/**
 * A page waits at most one upstream deadline per step; the app's write
 * deadline bounds the rest. Past that, nothing useful is coming.
 * @param {import('../../server/config/load.js').Config} config
 */
const readTimeoutS = ({ edges, upstream }) => seconds(Math.max(edges.writeTimeoutMs, upstream.deadlineMs * 4));

/**
 * nginx in front of several catalogs (deploy/nginx-catalogs.conf).
 * @param {{ catalogs: string[], listen: string, runDir: string, config: import('../../server/config/load.js').Config }} options
 *   catalogs: host:port of each
 */
export function renderCatalogsNginx({ catalogs, listen, runDir, config }) {
  return fill(readFileSync(`${DEPLOY}/nginx-catalogs.conf`, 'utf8'), {
    RUN_DIR: runDir,
    CATALOG_SERVERS: catalogs.map((hostPort) => `    server ${hostPort} max_fails=1 fail_timeout=2s;`).join('\n'),
    CATALOG_LISTEN: listen,
    READ_TIMEOUT_S: readTimeoutS(config),
  });
}

/**
 * @param {{ targets: string[], scrapeInterval: string, rulesFile: string, metricsTokenFile?: string | null }} options
 *   metricsTokenFile: a file holding METRICS_TOKEN, when the instances require it
 */
export function renderPrometheus({ targets, scrapeInterval, rulesFile, metricsTokenFile = null }) {
  return fill(readFileSync(`${DEPLOY}/prometheus.yml`, 'utf8'), {
    SCRAPE_INTERVAL: scrapeInterval,
    RULES_FILE: JSON.stringify(rulesFile),
    AUTHORIZATION: metricsTokenFile ? `{ credentials_file: ${JSON.stringify(metricsTokenFile)} }` : 'null',
    TARGETS: targets.map((t) => JSON.stringify(t)).join(', '),
  });
}

export const RULES_FILE = `${DEPLOY}/rules.yml`;
