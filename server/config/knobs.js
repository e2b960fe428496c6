// @ts-check
// Every knob of the app server: its default, its parser and one line of
// documentation; server/config/load.js reads them into one frozen object.
import {
  atfRows,
  hidden,
  integer,
  metricsToken,
  nonEmpty,
  oneOf,
  optional,
  optionalUrl,
  pemCertificate,
  posterTemplate,
  publicOrigin,
  secret,
  trustProxy,
  upstreamHeaders,
  withoutCredentials,
} from './parse.js';

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
 * same keys; test/server/config.test.js fails when the two drift apart. `show`: how a
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
    doc: 'signs the visitor cookie (32+ chars), the same on every instance of a fleet; empty: made once and kept in DATA_DIR/cookie-secret (mode 0600) when the app starts its own catalog on SQLite, else a random one per start; refused with FLEET=1',
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
