// @ts-check
// The environment is read once, here, into one frozen and validated object.
// A bad value is a start-up error that names every bad key (epic-stack's
// env.server.ts habit), never a surprise on the first request. The knobs
// are in server/config/knobs.js, their parsers in server/config/parse.js.
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ConfigError } from '../errors.js';
import { KNOBS } from './knobs.js';
import { templateOrigin } from './parse.js';

export { KNOBS };

/**
 * @typedef {Readonly<{
 *   env: 'development' | 'production' | 'test',
 *   isDev: boolean,
 *   host: string,
 *   port: number,
 *   catalog: Readonly<{ url: string | null, ca: string | null }>,
 *   upstream: Readonly<{
 *     connections: number, keepAliveMs: number, timeoutMs: number, headers: Readonly<Record<string, string>>,
 *     deadlineMs: number, retry: boolean,
 *     circuit: Readonly<{ failures: number, coolDownMs: number }>,
 *   }>,
 *   catalogRestart: Readonly<{ firstMs: number, maxMs: number }>,
 *   falcor: Readonly<{ maxPaths: number, maxBodyBytes: number }>,
 *   page: Readonly<{ atfRows: number | 'all', prefetch: boolean }>,
 *   posters: Readonly<{ template: string | null, origin: string | null }>,
 *   graphCache: Readonly<{ ttlMs: number, maxSize: number }>,
 *   cookie: Readonly<{ secret: string, ephemeral: boolean, keptIn: string | null, secure: boolean }>,
 *   fleet: boolean,
 *   security: Readonly<{ trustProxy: false | number | readonly string[], publicOrigin: string | null, metricsToken: string | null }>,
 *   log: Readonly<{ level: string }>,
 *   perf: Readonly<{ beaconRatePerMin: number }>,
 *   delivery: Readonly<{ compression: boolean }>,
 *   lifecycle: Readonly<{ drainDelayMs: number, graceMs: number }>,
 *   edges: Readonly<{
 *     keepAliveTimeoutMs: number, headersTimeoutMs: number, requestTimeoutMs: number, bodyTimeoutMs: number,
 *     maxConnections: number, maxConnectionsPerClient: number, writeTimeoutMs: number,
 *   }>,
 *   overload: Readonly<{
 *     maxEventLoopDelayMs: number, maxEventLoopUtilizationPct: number, maxHeapUsedPct: number, maxInFlight: number,
 *   }>,
 *   workers: number,
 * }>} Config
 *   cookie.keptIn: the file the secret is kept in (no COOKIE_SECRET), else null
 */

/**
 * @param {Record<string, string | undefined>} [env]
 * @param {{ keepSecret?: ((env: Record<string, string | undefined>) => { secret: string, file: string } | null) | null }} [options]
 *   keepSecret: the secret kept for a lone instance without COOKIE_SECRET, or
 *   null for none (server/config/cookie-secret.js; the default, null, reads no file)
 * @returns {Config}
 */
export function loadConfig(env = process.env, { keepSecret = null } = {}) {
  /** @type {Record<string, any>} */
  const v = {};
  const problems = [];
  for (const [key, knob] of Object.entries(KNOBS)) {
    const raw = env[key] ?? knob.default;
    try {
      v[key] = knob.parse(raw.trim());
    } catch (error) {
      problems.push(`${key}=${(knob.show ?? JSON.stringify)(raw)}: ${/** @type {Error} */ (error).message}`);
    }
  }
  // Pitfall: instances that each sign with their own random secret turn a
  // visitor into a new one at every hop of the load balancer (ADR 015).
  if (v.FLEET === '1' && !v.COOKIE_SECRET)
    problems.push(
      'FLEET=1 without COOKIE_SECRET: each instance would sign visitor cookies with its own random secret, and a visitor the balancer sends to another instance would lose their list; set the same COOKIE_SECRET (32+ characters, e.g. openssl rand -hex 32) on every instance',
    );
  if (v.FLEET === '1' && !v.CATALOG_URL)
    problems.push(
      'FLEET=1 without CATALOG_URL: each instance would start a catalog of its own, with its own visitors; point every instance at one catalog',
    );
  // A retry needs room inside the deadline; a deadline under one attempt's would cut the first.
  const upstreamDeadlineMs = v.UPSTREAM_DEADLINE_MS ?? v.UPSTREAM_TIMEOUT_MS * 2;
  if (upstreamDeadlineMs < v.UPSTREAM_TIMEOUT_MS)
    problems.push(
      `UPSTREAM_DEADLINE_MS=${upstreamDeadlineMs}: must be at least UPSTREAM_TIMEOUT_MS (${v.UPSTREAM_TIMEOUT_MS})`,
    );
  // node:http refuses a headers deadline past the request's own.
  if (v.HEADERS_TIMEOUT_MS > v.REQUEST_TIMEOUT_MS)
    problems.push(
      `HEADERS_TIMEOUT_MS=${v.HEADERS_TIMEOUT_MS}: must not exceed REQUEST_TIMEOUT_MS (${v.REQUEST_TIMEOUT_MS})`,
    );
  if (problems.length > 0) throw new ConfigError(problems);
  // Pitfall: a random secret per start makes every visitor a new one after a restart (ADR 017).
  const kept = v.COOKIE_SECRET || v.FLEET === '1' ? null : (keepSecret?.(env) ?? null);

  return deepFreeze({
    env: v.NODE_ENV,
    isDev: v.NODE_ENV === 'development',
    host: v.HOST,
    port: v.PORT,
    catalog: { url: v.CATALOG_URL, ca: v.CATALOG_CA },
    // A crash loop backs off; a catalog that lived a while restarts fast again (server/catalog-supervisor.js).
    catalogRestart: { firstMs: 100, maxMs: v.CATALOG_RESTART_MAX_MS },
    upstream: {
      connections: v.UPSTREAM_CONNECTIONS,
      keepAliveMs: v.UPSTREAM_KEEPALIVE_MS,
      timeoutMs: v.UPSTREAM_TIMEOUT_MS,
      deadlineMs: upstreamDeadlineMs,
      retry: v.UPSTREAM_RETRY === '1',
      circuit: { failures: v.UPSTREAM_CIRCUIT_FAILURES, coolDownMs: v.UPSTREAM_CIRCUIT_COOLDOWN_MS },
      headers: v.UPSTREAM_HEADERS,
    },
    falcor: { maxPaths: v.FALCOR_MAX_PATHS, maxBodyBytes: v.FALCOR_MAX_BODY_BYTES },
    page: { atfRows: v.ATF_ROWS, prefetch: v.NAV_PREFETCH === 'on' },
    // origin: another host's, for the CSP's img-src; null for the app's own.
    posters: { template: v.POSTER_URL_TEMPLATE, origin: templateOrigin(v.POSTER_URL_TEMPLATE) },
    graphCache: { ttlMs: v.GRAPH_CACHE_TTL_MS, maxSize: v.GRAPH_CACHE_MAX_SIZE },
    // Without a configured or kept secret, visitors get new ids after each restart.
    cookie: {
      secret: v.COOKIE_SECRET || kept?.secret || randomBytes(32).toString('hex'),
      ephemeral: !v.COOKIE_SECRET && !kept,
      keptIn: kept?.file ?? null,
      secure: v.COOKIE_SECURE === '1',
    },
    fleet: v.FLEET === '1',
    security: { trustProxy: v.TRUST_PROXY, publicOrigin: v.PUBLIC_ORIGIN, metricsToken: v.METRICS_TOKEN },
    log: { level: v.LOG_LEVEL || (v.NODE_ENV === 'test' ? 'silent' : 'info') },
    perf: { beaconRatePerMin: v.BEACON_RATE_PER_MIN },
    delivery: { compression: v.COMPRESSION === '1' },
    // A load balancer needs time to see /readyz fail; a developer does not.
    lifecycle: {
      drainDelayMs: v.DRAIN_DELAY_MS ?? (v.NODE_ENV === 'production' ? 5000 : 0),
      graceMs: v.SHUTDOWN_GRACE_MS,
    },
    edges: {
      keepAliveTimeoutMs: v.KEEPALIVE_TIMEOUT_MS,
      headersTimeoutMs: v.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: v.REQUEST_TIMEOUT_MS,
      bodyTimeoutMs: v.BODY_TIMEOUT_MS,
      maxConnections: v.MAX_CONNECTIONS,
      maxConnectionsPerClient: v.MAX_CONNECTIONS_PER_CLIENT,
      writeTimeoutMs: v.WRITE_TIMEOUT_MS,
    },
    overload: {
      // Tests share two cores with a browser: a slow moment there is not an overload to shed.
      // 1000 as under-pressure's example: a loop late by a second is stalled, not busy
      // (at c=50 on a starved core this app's turns were 150 to 400 ms long, p50 230 ms).
      maxEventLoopDelayMs: v.OVERLOAD_EVENT_LOOP_DELAY_MS ?? (v.NODE_ENV === 'test' ? 0 : 1000),
      maxEventLoopUtilizationPct: v.OVERLOAD_EVENT_LOOP_UTILIZATION_PCT,
      maxHeapUsedPct: v.OVERLOAD_HEAP_USED_PCT,
      maxInFlight: v.OVERLOAD_MAX_IN_FLIGHT,
    },
    // One process per core serves production; one is easier to debug.
    workers: v.WORKERS ?? (v.NODE_ENV === 'production' ? availableParallelism() : 1),
  });
}

/**
 * @template {object} T
 * @param {T} value
 * @returns {T}
 */
function deepFreeze(value) {
  for (const child of Object.values(value)) {
    if (child && typeof child === 'object') deepFreeze(child);
  }
  return Object.freeze(value);
}
