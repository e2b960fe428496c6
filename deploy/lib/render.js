// @ts-check
// Fills deploy/nginx.conf and deploy/prometheus.yml for a set of instances,
// with nginx's timeouts taken from the app's own config: one place decides
// them (server/config/load.js), and the balancer follows.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RETRY_AFTER_S, SHED_BODY } from '../../server/middleware/overload.js';
import { defaultEdgeBounds, edgeDirectives } from './edge-bounds.js';

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
 * What a measuring run logs of each request (perf:chaos --fleet): the
 * request's time in nginx, from its first byte read to its last byte sent,
 * and the instance's part of it ("-" when no instance was asked: shed).
 * Written unbuffered, so the file is whole the moment the load stops.
 */
export const ACCESS_LOG_FORMAT = '$status $request_method $uri $request_time $upstream_response_time';

/**
 * @param {{
 *   instances: string[],
 *   httpListen: string,
 *   httpsListen: string,
 *   runDir: string,
 *   tlsCert: string,
 *   tlsKey: string,
 *   config: import('../../server/config/load.js').Config,
 *   edge?: import('./edge-bounds.js').EdgeBounds,
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
