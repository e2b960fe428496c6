// @ts-check
// Fills deploy/nginx.conf and deploy/prometheus.yml for a set of instances,
// with nginx's timeouts taken from the app's own config: one place decides
// them (server/config/load.js), and the balancer follows.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
 * @param {{
 *   instances: string[],
 *   httpListen: string,
 *   httpsListen: string,
 *   runDir: string,
 *   tlsCert: string,
 *   tlsKey: string,
 *   config: import('../../server/config/load.js').Config,
 * }} options instances: host:port of each app instance; listens: nginx `listen` values
 */
export function renderNginx({ instances, httpListen, httpsListen, runDir, tlsCert, tlsKey, config }) {
  const { edges, falcor, upstream } = config;
  const appKeepAliveS = Math.floor(edges.keepAliveTimeoutMs / 1000);
  return fill(readFileSync(`${DEPLOY}/nginx.conf`, 'utf8'), {
    RUN_DIR: runDir,
    SERVERS: instances.map((hostPort) => `    server ${hostPort} max_fails=1 fail_timeout=2s;`).join('\n'),
    APP_KEEPALIVE_S: appKeepAliveS,
    UPSTREAM_IDLE_S: Math.max(1, appKeepAliveS - IDLE_MARGIN_S),
    HEADERS_TIMEOUT_S: seconds(edges.headersTimeoutMs),
    BODY_TIMEOUT_S: seconds(edges.bodyTimeoutMs),
    MAX_BODY_BYTES: falcor.maxBodyBytes,
    WRITE_TIMEOUT_S: seconds(edges.writeTimeoutMs),
    // A page waits at most one upstream deadline per step; the app's write
    // deadline bounds the rest. Past that, nothing useful is coming.
    READ_TIMEOUT_S: seconds(Math.max(edges.writeTimeoutMs, upstream.deadlineMs * 4)),
    HTTP_LISTEN: httpListen,
    HTTPS_LISTEN: httpsListen,
    TLS_CERT: tlsCert,
    TLS_KEY: tlsKey,
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
