// @ts-check
// The environment is read once, here, into one frozen and validated object.
// A bad value is a start-up error that names every bad key (epic-stack's
// env.server.ts habit), never a surprise on the first request.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { inspect } from 'node:util';
import { ConfigError } from './errors.js';

/**
 * The workshop's pitfalls (perf/exercises/NN-slug/), one value of EXERCISE
 * each: one knob, so one pitfall at a time and a measurement never mixes two.
 * The fixed path is the normal code; each pitfall's comment names its folder.
 */
export const EXERCISES = Object.freeze({
  '01': 'connection pool: 5 upstream sockets, a new connection per call',
  '02': 'template caching: the page shell compiled on every request',
  '03': 'deep clone: the whole shared catalog graph cloned for every page',
  '04': 'route table: a refresh re-registers a static handler every millisecond',
  '06': "blocking work per item: every card's numbers formatted by a new Intl formatter",
  '07': 'deferred responses: every response ended after 5 setImmediate turns',
  '08': 'TLS to the upstream: a new connection (and handshake) per call',
  '09': 'props through stacks: every card under 100 pass-through components spreading 100 props',
});

/**
 * Every knob the app server reads. The README's configuration table lists the
 * same keys; test/config.test.js fails when the two drift apart. `show`: how a
 * start-up error repeats a bad value (secrets: not at all).
 * @type {Record<string, { default: string, parse: (raw: string) => unknown, doc: string, show?: (raw: string) => string }>}
 */
export const KNOBS = {
  NODE_ENV: {
    default: 'development',
    parse: oneOf(['development', 'production', 'test']),
    doc: 'development, production or test',
  },
  HOST: { default: '127.0.0.1', parse: nonEmpty, doc: 'address the app server binds' },
  PORT: { default: '3000', parse: integer(0, 65535), doc: 'port the app server listens on (0: any free port)' },
  CATALOG_URL: {
    default: '',
    parse: optionalUrl,
    show: withoutCredentials,
    doc: 'URL of a running catalog service or your API, maybe with a base path; empty: start one as a child process',
  },
  CATALOG_CA: {
    default: '',
    parse: optional(pemCertificate),
    doc: 'PEM certificate trusted for an https CATALOG_URL, besides the system CAs (e.g. a self-signed catalog)',
  },
  UPSTREAM_CONNECTIONS: { default: '64', parse: integer(1, 4096), doc: 'keep-alive sockets per upstream origin' },
  UPSTREAM_KEEPALIVE_MS: {
    default: '10000',
    parse: integer(100, 600000),
    doc: 'how long an idle upstream socket is kept',
  },
  UPSTREAM_TIMEOUT_MS: {
    default: '1000',
    parse: integer(10, 120000),
    doc: 'deadline of one attempt of an upstream call (queue wait, headers and body)',
  },
  UPSTREAM_DEADLINE_MS: {
    default: '',
    parse: optional(integer(10, 120000)),
    doc: 'deadline of a whole upstream call, its retry included: the longest a page waits for one call; at least UPSTREAM_TIMEOUT_MS; empty: twice UPSTREAM_TIMEOUT_MS',
  },
  UPSTREAM_RETRY: {
    default: '1',
    parse: oneOf(['0', '1']),
    doc: '1: a read (GET) that got no answer or a 5xx is tried once more, inside UPSTREAM_DEADLINE_MS; writes never are; 0: no retry',
  },
  UPSTREAM_CIRCUIT_FAILURES: {
    default: '10',
    parse: integer(0, 100000),
    doc: "failed upstream attempts in a row after which the origin's circuit opens: calls fail at once, without waiting, for UPSTREAM_CIRCUIT_COOLDOWN_MS, then one probe call decides; 0: never opens",
  },
  UPSTREAM_CIRCUIT_COOLDOWN_MS: {
    default: '2000',
    parse: integer(0, 600000),
    doc: 'how long an open circuit fails calls at once before one probe call is let through',
  },
  CATALOG_RESTART_MAX_MS: {
    default: '30000',
    parse: integer(100, 3600000),
    doc: 'the catalog child started by the app (no CATALOG_URL) is restarted when it dies, after 100 ms, then twice as long after each quick death, up to this wait',
  },
  UPSTREAM_HEADERS: {
    default: '',
    parse: upstreamHeaders,
    doc: 'JSON object of headers sent with every upstream call, e.g. {"x-api-key":"..."}; values are never logged',
    show: hidden,
  },
  FALCOR_MAX_PATHS: {
    default: '1000',
    parse: integer(1, 100000),
    doc: 'most paths one /model.json request may expand to',
  },
  FALCOR_MAX_BODY_BYTES: { default: '65536', parse: integer(1024, 10485760), doc: 'largest /model.json POST body' },
  ATF_ROWS: { default: '3', parse: atfRows, doc: 'rows rendered on the server (a number or all)' },
  NAV_PREFETCH: {
    default: 'on',
    parse: oneOf(['on', 'off']),
    doc: "on: hovering or focusing a card (100 ms dwell, 2 at most in flight, never under Save-Data or 2G) fetches its title page's data into the browser's cache; off: nothing is fetched before a click",
  },
  POSTER_URL_TEMPLATE: {
    default: '',
    parse: optional(posterTemplate),
    doc: "posters from your image CDN: a URL with {id} and {width}, e.g. https://img.example.com/{id}?w={width}; empty: the app's own WebP posters",
  },
  GRAPH_CACHE_TTL_MS: {
    default: '60000',
    parse: integer(0, 86400000),
    doc: 'how often the process-wide catalog graph cache is refreshed; 0: no cache, every page through the router',
  },
  GRAPH_CACHE_MAX_SIZE: {
    default: '16000000',
    parse: integer(10000, 2000000000),
    doc: "bound of the catalog graph cache in falcor's size units (about bytes); least recently used paths go first",
  },
  EXERCISE: {
    default: '',
    parse: oneOf(['', ...Object.keys(EXERCISES)]),
    doc: 'a workshop exercise (perf/exercises/): turns one classic performance pitfall on in the real code path; empty: none',
  },
  EXERCISE_ALLOW_IN_PRODUCTION: {
    default: '0',
    parse: oneOf(['0', '1']),
    doc: '1: EXERCISE is allowed when NODE_ENV=production (the perf tools measure the production bundle); 0: refused there',
  },
  COOKIE_SECRET: {
    default: '',
    parse: secret,
    doc: 'signs the visitor cookie (32+ chars); empty: a random one per start (refused with FLEET=1)',
    show: hidden,
  },
  FLEET: {
    default: '0',
    parse: oneOf(['0', '1']),
    doc: '1: this instance is one of several behind a load balancer sharing visitors: COOKIE_SECRET and CATALOG_URL are required; 0: a lone instance',
  },
  COOKIE_SECURE: {
    default: '0',
    parse: oneOf(['0', '1']),
    doc: '1: the visitor cookie is always Secure (HTTPS only); 0: Secure when the request came over HTTPS',
  },
  TRUST_PROXY: {
    default: '',
    parse: trustProxy,
    doc: "Express 'trust proxy': proxy hops (1) or addresses (loopback, 10.0.0.0/8, ...) whose X-Forwarded-* headers count; empty: none",
  },
  PUBLIC_ORIGIN: {
    default: '',
    parse: optional(publicOrigin),
    doc: "the site's own origin as browsers see it (https://films.example): /model.json writes from any other are refused; empty: the request's Host (X-Forwarded-Host behind a trusted proxy)",
  },
  WORKERS: {
    default: '',
    parse: optional(integer(1, 256)),
    doc: 'app processes (node:cluster); empty: the number of cores in production, 1 otherwise',
  },
  LOG_LEVEL: {
    default: '',
    parse: oneOf(['', 'fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    doc: 'pino level; empty: info, silent when NODE_ENV=test',
  },
  BEACON_RATE_PER_MIN: {
    default: '60',
    parse: integer(1, 100000),
    doc: 'POST /perf/beacon requests allowed per client address per minute (token bucket, same burst)',
  },
  METRICS_TOKEN: {
    default: '',
    parse: optional(metricsToken),
    doc: 'when set, GET /metrics, /perf and /perf/summary.json need Authorization: Bearer <token> (32+ chars); empty: public',
    show: hidden,
  },
  COMPRESSION: {
    default: '1',
    parse: oneOf(['0', '1']),
    doc: '0: send every response uncompressed (behind a proxy that compresses, or to measure what compression buys)',
  },
  DRAIN_DELAY_MS: {
    default: '',
    parse: optional(integer(0, 600000)),
    doc: 'after SIGTERM, how long /readyz says 503 while requests are still served, for a load balancer to notice; empty: 5000 in production, 0 otherwise',
  },
  SHUTDOWN_GRACE_MS: {
    default: '10000',
    parse: integer(0, 600000),
    doc: 'after the drain delay, how long requests in flight may take to finish before their connections are cut',
  },
  KEEPALIVE_TIMEOUT_MS: {
    default: '65000',
    parse: integer(100, 600000),
    doc: "how long an idle keep-alive connection is kept; above a load balancer's own idle timeout (60 s for nginx and AWS ALB)",
  },
  HEADERS_TIMEOUT_MS: {
    default: '66000',
    parse: integer(100, 600000),
    doc: "deadline for a request's headers, from its first byte (a connection that sends nothing included); above KEEPALIVE_TIMEOUT_MS",
  },
  REQUEST_TIMEOUT_MS: {
    default: '70000',
    parse: integer(100, 3600000),
    doc: 'deadline for a whole request (headers and body) to arrive; at least HEADERS_TIMEOUT_MS',
  },
  BODY_TIMEOUT_MS: {
    default: '10000',
    parse: integer(100, 600000),
    doc: 'deadline for reading a /model.json POST body; a slower client gets a 408 and its connection closed',
  },
  MAX_CONNECTIONS: {
    default: '10000',
    parse: integer(1, 1000000),
    doc: 'open connections the app accepts (server.maxConnections); keep it under the open-file limit (ulimit -n)',
  },
  MAX_CONNECTIONS_PER_CLIENT: {
    default: '2000',
    parse: integer(0, 1000000),
    doc: "open connections one client address may hold; more are closed at once (0: no limit; behind a proxy, every connection is the proxy's)",
  },
  WRITE_TIMEOUT_MS: {
    default: '30000',
    parse: integer(100, 600000),
    doc: 'a connection whose unsent response bytes do not shrink for this long (a client that stopped reading) is destroyed',
  },
  OVERLOAD_EVENT_LOOP_DELAY_MS: {
    default: '',
    parse: optional(integer(0, 60000)),
    doc: 'mean event-loop delay over the last 500 ms (as @fastify/under-pressure reads it) above which pages and /model.json get 503 with Retry-After (/healthz still answers); 0: never; empty: 1000, and 0 when NODE_ENV=test (a test of shedding sets it)',
  },
  OVERLOAD_EVENT_LOOP_UTILIZATION_PCT: {
    default: '0',
    parse: integer(0, 100),
    doc: 'share of the last 500 ms the event loop was busy, in %, above which pages and /model.json get 503 with Retry-After; 0: never',
  },
  OVERLOAD_HEAP_USED_PCT: {
    default: '90',
    parse: integer(0, 100),
    doc: "heap used, in % of V8's heap limit, above which pages and /model.json get 503 with Retry-After; 0: never",
  },
  OVERLOAD_MAX_IN_FLIGHT: {
    default: '256',
    parse: integer(0, 1000000),
    doc: 'pages and /model.json requests one process works on at once; more get 503 with Retry-After; 0: no limit',
  },
};

/**
 * @typedef {Readonly<{
 *   env: 'development' | 'production' | 'test',
 *   isDev: boolean,
 *   host: string,
 *   port: number,
 *   catalog: Readonly<{ url: string | null, ca: string | null }>,
 *   upstream: Readonly<{
 *     connections: number, keepAliveMs: number, timeoutMs: number, headers: Readonly<Record<string, string>>,
 *     reuseConnections: boolean, deadlineMs: number, retry: boolean,
 *     circuit: Readonly<{ failures: number, coolDownMs: number }>,
 *   }>,
 *   catalogRestart: Readonly<{ firstMs: number, maxMs: number }>,
 *   falcor: Readonly<{ maxPaths: number, maxBodyBytes: number }>,
 *   page: Readonly<{ atfRows: number | 'all', prefetch: boolean }>,
 *   posters: Readonly<{ template: string | null, origin: string | null }>,
 *   graphCache: Readonly<{ ttlMs: number, maxSize: number, cloneOnRead: boolean }>,
 *   cookie: Readonly<{ secret: string, ephemeral: boolean, secure: boolean }>,
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
 *   exercise: Readonly<{
 *     id: string | null, compileShellPerRequest: boolean, reRegisterRouteEveryMs: number, deferResponseHops: number,
 *     formatCardsPerItem: boolean, cardPassThroughs: Readonly<{ depth: number, props: number }> | null,
 *   }>,
 * }>} Config
 *   exercise and the fields it sets (upstream.connections and .reuseConnections, graphCache.cloneOnRead):
 *   EXERCISES above
 */

/**
 * @param {Record<string, string | undefined>} [env]
 * @returns {Config}
 */
export function loadConfig(env = process.env) {
  /** @type {Record<string, any>} */
  const v = {};
  const problems = [];
  for (const [key, knob] of Object.entries(KNOBS)) {
    const raw = env[key] ?? knob.default;
    try {
      v[key] = knob.parse(raw.trim());
    } catch (error) {
      problems.push(`${key}=${(knob.show ?? JSON.stringify)(raw)}: ${error.message}`);
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
  // A pitfall on by mistake in production costs real visitors: it must be asked for.
  if (v.EXERCISE && v.NODE_ENV === 'production' && v.EXERCISE_ALLOW_IN_PRODUCTION !== '1')
    problems.push(
      `EXERCISE=${JSON.stringify(v.EXERCISE)}: a workshop pitfall, refused when NODE_ENV=production (EXERCISE_ALLOW_IN_PRODUCTION=1 to measure it on purpose)`,
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
  const exercise = v.EXERCISE || null;

  return deepFreeze({
    env: v.NODE_ENV,
    isDev: v.NODE_ENV === 'development',
    host: v.HOST,
    port: v.PORT,
    catalog: { url: v.CATALOG_URL, ca: v.CATALOG_CA },
    // A crash loop backs off; a catalog that lived a while restarts fast again (server/catalog-supervisor.js).
    catalogRestart: { firstMs: 100, maxMs: v.CATALOG_RESTART_MAX_MS },
    upstream: {
      // Exercise 01 is Box's pool: 5 sockets, none reused (perf/exercises/01-connection-pool).
      connections: exercise === '01' ? 5 : v.UPSTREAM_CONNECTIONS,
      reuseConnections: exercise !== '01' && exercise !== '08',
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
    graphCache: { ttlMs: v.GRAPH_CACHE_TTL_MS, maxSize: v.GRAPH_CACHE_MAX_SIZE, cloneOnRead: exercise === '03' },
    // Without a configured secret, visitors get new ids after each restart.
    cookie: {
      secret: v.COOKIE_SECRET || randomBytes(32).toString('hex'),
      ephemeral: !v.COOKIE_SECRET,
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
    exercise: {
      id: exercise,
      compileShellPerRequest: exercise === '02',
      // Netflix's hours squeezed into a minute, so a load run shows the growth.
      reRegisterRouteEveryMs: exercise === '04' ? 1 : 0,
      // A lifecycle of 5 steps, each on a fresh turn, as hapi's then was.
      deferResponseHops: exercise === '07' ? 5 : 0,
      formatCardsPerItem: exercise === '06',
      // Netflix's TV UI case: 100 levels deep, 100 props.
      cardPassThroughs: exercise === '09' ? { depth: 100, props: 100 } : null,
    },
  });
}

/** A secret's value never reaches a log line or a terminal. */
function hidden() {
  return '(value not shown)';
}

/** @param {string} raw a URL, maybe with user:password@ */
function withoutCredentials(raw) {
  return JSON.stringify(raw.replace(/^([^:/?#]*:\/\/)[^/?#]*@/, '$1(credentials not shown)@'));
}

/** @param {string[]} allowed */
function oneOf(allowed) {
  return (/** @type {string} */ raw) => {
    if (!allowed.includes(raw)) throw new Error(`must be one of ${allowed.filter(Boolean).join(', ')}`);
    return raw;
  };
}

/** @param {number} min @param {number} max */
function integer(min, max) {
  return (/** @type {string} */ raw) => {
    if (!/^\d+$/.test(raw)) throw new Error('must be a whole number');
    const n = Number(raw);
    if (n < min || n > max) throw new Error(`must be between ${min} and ${max}`);
    return n;
  };
}

/** @param {(raw: string) => unknown} parse an empty value stays null */
function optional(parse) {
  return (/** @type {string} */ raw) => (raw === '' ? null : parse(raw));
}

/** @param {string} raw */
function nonEmpty(raw) {
  if (raw === '') throw new Error('must not be empty');
  return raw;
}

/**
 * An origin, maybe with a base path every upstream call goes under
 * (`https://api.example.com/v1` → `GET /v1/lists`). Trailing slashes are
 * dropped: `…/v1/` is `…/v1`, `…:4000/` is the bare origin.
 * @param {string} raw
 * @returns {string | null} origin + base path, never a trailing slash
 */
function optionalUrl(raw) {
  if (raw === '') return null;
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('must be an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('must be http: or https:');
  // Each call adds its own path and query (/titles?ids=…): a query or
  // fragment here would be dropped or mangled, so refuse it.
  if (url.search || url.hash || /[?#]/.test(raw))
    throw new Error('must be scheme://host:port with an optional base path, and no query string (?…) or fragment (#…)');
  // Credentials in a URL end up in logs and error messages; headers do not.
  if (url.username || url.password)
    throw new Error('must not carry credentials (user:password@): send them with UPSTREAM_HEADERS');
  const basePath = url.pathname.replace(/\/+$/, '');
  if (basePath.includes('//')) throw new Error('must not have an empty path segment (//) in its base path');
  return url.origin + basePath;
}

/** Connection-level and framing headers: the HTTP client owns them, a deployment may not set them. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);
/** RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Outside RFC 9110's field-value characters (tab, space, visible ASCII, obs-text): CR or LF would split the header. */
const BAD_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * `{"x-api-key": "…"}` → a frozen object of lower-case names to values, whose
 * values never print: JSON.stringify and util.inspect (pino, console.log) show
 * `"[redacted]"`. Problems name the header, never its value.
 * @param {string} raw
 * @returns {Readonly<Record<string, string>>}
 */
function upstreamHeaders(raw) {
  /** @type {Record<string, string>} */
  const headers = Object.create(null); // "__proto__" is a name like any other
  if (raw === '') return redacted(headers);
  const example = 'must be a JSON object of header names to string values, e.g. {"x-api-key":"..."}';
  let parsed;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // Not the parser's message: it quotes the text, secrets included.
    throw new Error(`${example}: not valid JSON`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(example);
  const problems = [];
  for (const [name, value] of Object.entries(parsed)) {
    const lower = name.toLowerCase();
    const shown = JSON.stringify(name.slice(0, 100));
    if (!HEADER_NAME.test(name)) problems.push(`${shown} is not a valid header name`);
    else if (RESERVED_HEADERS.has(lower)) problems.push(`${shown} is set by the HTTP client, not by configuration`);
    else if (Object.hasOwn(headers, lower)) problems.push(`${shown} is given twice`);
    else if (typeof value !== 'string') problems.push(`${shown} must have a string value`);
    else if (BAD_HEADER_VALUE.test(value))
      problems.push(
        `${shown} has a character a header value may not hold (a control character such as CR or LF, or one past Latin-1)`,
      );
    else headers[lower] = value;
  }
  if (problems.length > 0) throw new Error(problems.join('; '));
  return redacted(headers);
}

/**
 * The same object (its entries spread into each request as they are), printed
 * without its values.
 * @param {Record<string, string>} headers
 */
function redacted(headers) {
  const shown = () => Object.fromEntries(Object.keys(headers).map((name) => [name, '[redacted]']));
  Object.defineProperty(headers, 'toJSON', { value: shown });
  Object.defineProperty(headers, inspect.custom, { value: shown });
  return Object.freeze(headers);
}

/** @param {string} raw */
function pemCertificate(raw) {
  if (!raw.includes('-----BEGIN CERTIFICATE-----'))
    throw new Error('must be a PEM certificate (-----BEGIN CERTIFICATE-----)');
  return raw;
}

/** @param {string} raw */
function secret(raw) {
  if (raw !== '' && raw.length < 32) throw new Error('must be at least 32 characters');
  return raw;
}

/** A poster template with its placeholders filled, to check it as a URL. */
const sampleUrl = (/** @type {string} */ template) => template.replaceAll('{id}', 'x').replaceAll('{width}', '160');

/**
 * A poster URL template (shared/poster.js): {id} and {width}, on an http(s)
 * origin or a path of this site.
 * @param {string} raw
 */
function posterTemplate(raw) {
  if (!raw.includes('{id}') || !raw.includes('{width}'))
    throw new Error('must contain {id} and {width}, e.g. https://img.example.com/{id}?w={width}');
  if (/[{}]/.test(raw.replaceAll('{id}', '').replaceAll('{width}', '')))
    throw new Error('must have no placeholder but {id} and {width}');
  // A srcset separates its candidates with spaces: one inside a URL would split it.
  if (/\s/.test(raw)) throw new Error('must not contain spaces');
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  let url;
  try {
    url = new URL(sampleUrl(raw));
  } catch {
    throw new Error('must be an absolute http(s) URL or a path starting with /');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('must be http: or https:');
  if (url.username || url.password) throw new Error('must not carry credentials (user:password@)');
  // One origin for the CSP's img-src, whatever the id.
  if (new URL(raw.replaceAll('{id}', 'y').replaceAll('{width}', '320')).origin !== url.origin)
    throw new Error('must keep {id} and {width} out of the host and port');
  return raw;
}

/** @param {string | null} template @returns {string | null} */
function templateOrigin(template) {
  return template && !template.startsWith('/') ? new URL(sampleUrl(template)).origin : null;
}

/** Named ranges Express's 'trust proxy' understands (proxy-addr). */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * A hop count or a list of proxy addresses, as Express's 'trust proxy' takes
 * them. Never `true`: trusting every address lets any client write its own
 * X-Forwarded-For (its address, so its rate limit) and X-Forwarded-Proto.
 * @param {string} raw
 * @returns {false | number | string[]}
 */
function trustProxy(raw) {
  if (raw === '') return false;
  if (/^\d+$/.test(raw)) return integer(1, 32)(raw);
  const list = raw.split(',').map((item) => item.trim());
  const bad = list.filter((item) => !PROXY_RANGES.has(item) && !isAddressOrSubnet(item));
  if (bad.length > 0)
    throw new Error(
      `must be a hop count (1) or proxy addresses, subnets or loopback, linklocal, uniquelocal; not ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
    );
  return list;
}

/** @param {string} item an IP address, maybe with a /prefix */
function isAddressOrSubnet(item) {
  const [address, prefix, extra] = item.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * The site's origin, compared with a write's Origin header
 * (server/middleware/same-origin-writes.js): scheme, host and port only.
 * @param {string} raw
 */
function publicOrigin(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('must be an origin such as https://films.example');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('must be http: or https:');
  if (url.username || url.password || url.search || url.hash || /[?#]/.test(raw) || url.pathname !== '/')
    throw new Error('must be scheme://host[:port] only, as browsers send it in Origin (no path, query or user)');
  return url.origin;
}

/**
 * A bearer token (RFC 6750 token68 characters), long enough not to be guessed.
 * @param {string} raw
 */
function metricsToken(raw) {
  if (raw.length < 32) throw new Error('must be at least 32 characters (e.g. openssl rand -hex 32)');
  if (!/^[A-Za-z0-9._~+/-]+=*$/.test(raw)) throw new Error('must be letters, digits and -._~+/ only');
  return raw;
}

/** @param {string} raw */
function atfRows(raw) {
  if (raw === 'all') return 'all';
  return integer(1, 100)(raw);
}

/**
 * @template T
 * @param {T} value
 * @returns {T}
 */
function deepFreeze(value) {
  for (const child of Object.values(value)) {
    if (child && typeof child === 'object') deepFreeze(child);
  }
  return Object.freeze(value);
}
