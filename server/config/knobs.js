// @ts-check
// Every environment knob, with its default and its documentation (Markdown,
// links from the project root): the app server's with their parsers (read by
// server/config/load.js into one frozen object), then the catalog service's
// and the tools'. docs/configuration.md is written from here (`npm run docs:config`).
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
 * Every knob the app server reads. `doc` is its Markdown documentation:
 * docs/configuration.md is written from it (`npm run docs:config`), and
 * test/server/config-docs.test.js fails when the two drift apart. `show`: how
 * a start-up error repeats a bad value (secrets: not at all).
 * @type {Record<string, { default: string, parse: (raw: string) => unknown, doc: string, show?: (raw: string) => string }>}
 */
export const KNOBS = {
  NODE_ENV: {
    default: 'development',
    parse: oneOf(['development', 'production', 'test']),
    doc: 'development, production or test (`npm start` sets production)',
  },
  HOST: { default: '127.0.0.1', parse: nonEmpty, doc: 'address the app server binds' },
  PORT: { default: '3000', parse: integer(0, 65535), doc: 'port the app server listens on (0: any free port)' },
  CATALOG_URL: {
    default: '',
    parse: optionalUrl,
    show: withoutCredentials,
    doc: 'URL of a running catalog service or your own API, with an optional base path (`https://api.example.com/v1`: `GET /lists` goes to `/v1/lists`; a trailing slash is ignored; no query string, fragment or `user:password@`); empty: start one as a child process',
  },
  CATALOG_CA: {
    default: '',
    parse: optional(pemCertificate),
    doc: 'a PEM certificate to trust for an `https:` `CATALOG_URL` besides the system CAs (a catalog run alone with `CATALOG_TLS=1` prints its own); the catalog the app starts itself is pinned this way automatically. Certificates are always verified',
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
    doc: 'deadline of a whole upstream call, its retry included: the longest a page waits for one call; at least `UPSTREAM_TIMEOUT_MS`; empty: twice `UPSTREAM_TIMEOUT_MS`',
  },
  UPSTREAM_RETRY: {
    default: '1',
    parse: oneOf(['0', '1']),
    doc: '`1`: a read (GET) that got no answer or a 5xx is tried once more, inside `UPSTREAM_DEADLINE_MS`; writes never are; `0`: no retry',
  },
  UPSTREAM_CIRCUIT_FAILURES: {
    default: '10',
    parse: integer(0, 100000),
    doc: "failed upstream attempts in a row after which the origin's circuit opens: calls fail at once for `UPSTREAM_CIRCUIT_COOLDOWN_MS`, then one probe call decides (`marquee_upstream_circuit_state` in `/metrics`, [docs/reliability.md](docs/reliability.md)); `0`: never opens",
  },
  UPSTREAM_CIRCUIT_COOLDOWN_MS: {
    default: '2000',
    parse: integer(0, 600000),
    doc: 'how long an open circuit fails calls at once before one probe call is let through',
  },
  CATALOG_RESTART_MAX_MS: {
    default: '30000',
    parse: integer(100, 3600000),
    doc: 'the catalog child the app starts (no `CATALOG_URL`) is restarted when it dies: after 100 ms, then twice as long after each quick death, up to this wait; the app serves meanwhile (`/readyz` says 503)',
  },
  UPSTREAM_HEADERS: {
    default: '',
    parse: upstreamHeaders,
    doc: 'a JSON object of headers sent with every upstream call, e.g. `{"x-api-key":"..."}`; string values only, no CR/LF, no `host`, `content-length`, `connection`, `transfer-encoding` or other hop-by-hop header. The values are never logged nor repeated in a start-up error',
    show: hidden,
  },
  FALCOR_MAX_PATHS: {
    default: '1000',
    parse: integer(1, 100000),
    doc: 'most paths one `/model.json` request may expand to',
  },
  FALCOR_MAX_BODY_BYTES: { default: '65536', parse: integer(1024, 10485760), doc: 'largest `/model.json` POST body' },
  ATF_ROWS: { default: '3', parse: atfRows, doc: 'rows rendered on the server (a number or `all`)' },
  NAV_PREFETCH: {
    default: 'on',
    parse: oneOf(['on', 'off']),
    doc: "`on`: hovering a card for 100 ms or focusing it (keyboard, TV navigation) fetches its title page's data into the browser's Falcor cache, at most 2 at once, never under Save-Data or a 2G connection, reads only, with the visitor's own cookie; `off`: nothing is fetched before a click. Clicks show what the cache holds at once either way ([docs/client-cache.md](docs/client-cache.md))",
  },
  POSTER_URL_TEMPLATE: {
    default: '',
    parse: optional(posterTemplate),
    doc: "posters from your own image CDN: a URL with `{id}` and `{width}` (e.g. `https://img.example.com/{id}?w={width}`), absolute http(s) or a path starting with `/`; both sides render `srcset` from it at 160 and 320 px, and its origin joins the CSP's `img-src`. Empty: the app's own WebP posters (`/art/<id>.<width>w.v1.webp`, rendered on first request into `dist/posters/`, ADR 013). See [replacing the catalog](server/catalog/README.md#replacing-the-catalog-with-your-own-api)",
  },
  GRAPH_CACHE_TTL_MS: {
    default: '60000',
    parse: integer(0, 86400000),
    doc: "how often the process-wide catalog graph cache (lists and titles, never a visitor's data) is refreshed in the background; pages never wait for it, and a value the catalog fails to refresh keeps serving (`marquee_graph_cache_stale_kept_total`). `0`: no cache, every page asks the router",
  },
  GRAPH_CACHE_MAX_SIZE: {
    default: '16000000',
    parse: integer(10000, 2000000000),
    doc: "bound of that cache in falcor's size units (about bytes); the least recently used paths go first",
  },
  COOKIE_SECRET: {
    default: '',
    parse: secret,
    doc: 'signs the visitor cookie (32+ characters), the same on every instance of a fleet; empty: made once and kept in `DATA_DIR/cookie-secret` (mode 0600, ADR 017) when the app starts its own catalog on SQLite (the default), so restarts and crashes keep every visitor; else a random one per start, so visitors get new ids after a restart (and on another instance); refused with `FLEET=1`',
    show: hidden,
  },
  FLEET: {
    default: '0',
    parse: oneOf(['0', '1']),
    doc: '`1`: this instance is one of several behind a load balancer sharing visitors ([docs/deploy.md](docs/deploy.md)): it refuses to start without `COOKIE_SECRET` and `CATALOG_URL` (ADR 015); `0`: a lone instance, which warns in production when `COOKIE_SECRET` is missing and it keeps none (a `CATALOG_URL`, or a store other than SQLite)',
  },
  COOKIE_SECURE: {
    default: '0',
    parse: oneOf(['0', '1']),
    doc: '`1`: the visitor cookie is always `Secure` (sent over HTTPS only), e.g. behind a TLS proxy not named in `TRUST_PROXY`; `0`: `Secure` whenever the request came over HTTPS (a TLS socket, or `X-Forwarded-Proto: https` from a trusted proxy)',
  },
  TRUST_PROXY: {
    default: '',
    parse: trustProxy,
    doc: "Express's `trust proxy`: how many proxies stand in front of the app (`1`), or their addresses and subnets, comma-separated (`loopback`, `10.0.0.0/8`, `uniquelocal`). Their `X-Forwarded-For`, `-Proto` and `-Host` then give the client's address (the beacon rate limit), HTTPS (the `Secure` cookie) and the site's host (the cross-site write check). Empty: no proxy is trusted and those headers are ignored. `true` is refused: any client could write them",
  },
  PUBLIC_ORIGIN: {
    default: '',
    parse: optional(publicOrigin),
    doc: "the site's origin as browsers see it, e.g. `https://films.example`: a `/model.json` write whose `Origin` is any other gets 403 (browsers that send `Sec-Fetch-Site` are judged by it first, see [docs/contracts.md](docs/contracts.md)). Empty: the `Origin` must name the request's host (`X-Forwarded-Host` from a trusted proxy). Set it when a proxy rewrites `Host` and is not in `TRUST_PROXY`",
  },
  WORKERS: {
    default: '',
    parse: optional(integer(1, 256)),
    doc: 'app processes under `node:cluster`, all serving the same port; empty: the number of cores (`os.availableParallelism()`) when `NODE_ENV=production`, else 1',
  },
  LOG_LEVEL: {
    default: '',
    parse: oneOf(['', 'fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    doc: 'pino level; empty: `info`, `silent` when `NODE_ENV=test`',
  },
  BEACON_RATE_PER_MIN: {
    default: '60',
    parse: integer(1, 100000),
    doc: '`POST /perf/beacon` requests allowed per client address per minute (token bucket, same burst); more get 429',
  },
  METRICS_TOKEN: {
    default: '',
    parse: optional(metricsToken),
    doc: 'when set (32+ characters, e.g. `openssl rand -hex 32`), `GET /metrics`, `/perf` and `/perf/summary.json` answer 401 unless the request carries `Authorization: Bearer <token>` (Prometheus: `authorization: { credentials: ... }`) or Basic credentials with the token as the password (a browser asks for them on `/perf`); `POST /perf/beacon` stays open. Never logged. Empty: public. Set it in production ([docs/starter-guide.md](docs/starter-guide.md))',
    show: hidden,
  },
  COMPRESSION: {
    default: '1',
    parse: oneOf(['0', '1']),
    doc: '`0`: every response goes uncompressed: pages and `/model.json` (otherwise brotli or gzip, streamed) and client assets (otherwise their build-time `.br`/`.gz`); for a proxy that compresses itself, or to measure what compression buys ([docs/delivery.md](docs/delivery.md))',
  },
  DRAIN_DELAY_MS: {
    default: '',
    parse: optional(integer(0, 600000)),
    doc: "after SIGTERM or SIGINT, how long `/readyz` answers 503 while the app still serves (every answer with `Connection: close`), for a load balancer to stop sending traffic; then it stops accepting, lets requests in flight finish and exits 0 (`WORKERS`: each worker does). Empty: `5000` in production (keep it above your balancer's probe interval times its failure threshold, and the whole stop under your orchestrator's grace, e.g. Kubernetes' 30 s), `0` otherwise",
  },
  SHUTDOWN_GRACE_MS: {
    default: '10000',
    parse: integer(0, 600000),
    doc: 'after the drain delay, how long requests in flight (streamed pages included) may take to finish; the connections still open then are cut',
  },
  KEEPALIVE_TIMEOUT_MS: {
    default: '65000',
    parse: integer(100, 600000),
    doc: "how long an idle keep-alive connection is kept; above a load balancer's own idle timeout (nginx `keepalive_timeout` and AWS ALB: 60 s), so the balancer, never the app, closes an idle connection (the other way round, a request sent just then fails with a 502)",
  },
  HEADERS_TIMEOUT_MS: {
    default: '66000',
    parse: integer(100, 600000),
    doc: "deadline for a request's headers, from its first byte; a connection that sends nothing at all is closed at the same deadline. Above `KEEPALIVE_TIMEOUT_MS` (nodejs/node#27363)",
  },
  REQUEST_TIMEOUT_MS: {
    default: '70000',
    parse: integer(100, 3600000),
    doc: 'deadline for a whole request (headers and body) to arrive, then a 408; at least `HEADERS_TIMEOUT_MS` (Node refuses less)',
  },
  BODY_TIMEOUT_MS: {
    default: '10000',
    parse: integer(100, 600000),
    doc: 'deadline for reading a `/model.json` POST body; a slower client (a body at 1 byte/s) gets a 408 and its connection closed',
  },
  MAX_CONNECTIONS: {
    default: '10000',
    parse: integer(1, 1000000),
    doc: 'open connections the app accepts (`server.maxConnections`); more are closed at once. Keep it under the open-file limit (`ulimit -n`), which upstream sockets and files share',
  },
  MAX_CONNECTIONS_PER_CLIENT: {
    default: '2000',
    parse: integer(0, 1000000),
    doc: "open connections one client address may hold; more are closed at once. Behind a proxy every connection is the proxy's: raise it, or `0` (no limit)",
  },
  WRITE_TIMEOUT_MS: {
    default: '30000',
    parse: integer(100, 600000),
    doc: 'a connection whose unsent answer has not shrunk for this long (a client that stopped reading) is destroyed; a slow reader that makes progress is not',
  },
  OVERLOAD_EVENT_LOOP_DELAY_MS: {
    default: '',
    parse: optional(integer(0, 60000)),
    doc: 'mean event-loop delay over the last 500 ms, as `@fastify/under-pressure` reads it (high when the loop is late most of the time, not for one long turn), above which pages and `/model.json` get 503 with `Retry-After: 2`; `/healthz`, `/readyz`, `/metrics` and `/assets/` still answer. `0`: never; empty: `1000`, and `0` when `NODE_ENV=test` (a test of shedding sets it)',
  },
  OVERLOAD_EVENT_LOOP_UTILIZATION_PCT: {
    default: '0',
    parse: integer(0, 100),
    doc: 'share of the last 500 ms the event loop was busy, in %, above which pages and `/model.json` get 503 (as `OVERLOAD_EVENT_LOOP_DELAY_MS`). `0`: never',
  },
  OVERLOAD_HEAP_USED_PCT: {
    default: '90',
    parse: integer(0, 100),
    doc: "heap used, in % of V8's heap limit, above which pages and `/model.json` get 503 (as above), before an out-of-memory crash. `0`: never",
  },
  OVERLOAD_MAX_IN_FLIGHT: {
    default: '256',
    parse: integer(0, 1000000),
    doc: 'pages and `/model.json` requests one process works on at once; more get 503 at once (as above). The event loop is fair: past saturation every page slows down together and the delay stays low, so this bound is what bounds latency and memory. At 4 ms of CPU a page, 256 is about a second of queue; measure yours with `perf:load`. `0`: no limit',
  },
};

/**
 * The catalog service's knobs, documented here beside the app's: the catalog
 * reads them itself (server/catalog/config.js, faults.js; it imports nothing
 * from the app), and the app passes them through to the catalog it starts.
 * `default`: what an unset knob means.
 * @type {Record<string, { default: string, doc: string }>}
 */
export const CATALOG_KNOBS = {
  CATALOG_PORT: {
    default: '',
    doc: "port of the catalog service; empty: `0` (any free port) as the app's child process, `4000` run alone",
  },
  CATALOG_HOST: { default: '127.0.0.1', doc: 'address the catalog service binds' },
  CATALOG_DATA: { default: 'server/catalog/data/movies.json', doc: 'another data file of the same shape' },
  CATALOG_LATENCY_MS: { default: '0', doc: 'mean added latency of each catalog answer' },
  CATALOG_JITTER_MS: { default: '0', doc: '± spread around that mean' },
  CATALOG_ERROR_RATE: { default: '0', doc: 'share of catalog answers that are 500s (0..1)' },
  CATALOG_STALL_RATE: { default: '0', doc: 'share of catalog requests never answered (0..1)' },
  CATALOG_RESET_RATE: { default: '0', doc: 'share of catalog connections reset without an answer (0..1)' },
  CATALOG_TLS: { default: '0', doc: '`1`: the catalog serves HTTPS with a self-signed certificate made at start' },
  VISITOR_STORE: {
    default: 'sqlite',
    doc: "where the catalog keeps visitors' lists and ratings: `sqlite`, a database in `DATA_DIR` that survives restarts and crashes; `memory`, in the process, empty at each start (tests, workshops); `postgres`, the PostgreSQL database at `DATABASE_URL`, which several catalogs share (a fleet, ADR 016). See [docs/visitor-data.md](docs/visitor-data.md)",
  },
  DATABASE_URL: {
    default: '',
    doc: "with `VISITOR_STORE=postgres`: the database, `postgres://user:password@host:5432/db` or a Unix socket `postgresql://user@localhost/db?host=/run/postgresql`; its schema is created and migrated at the catalog's start. A database that cannot be reached stops the start; one that goes down later makes visitor calls answer 503 until it is back",
  },
  DATA_DIR: {
    default: 'data/',
    doc: "the directory of the catalog's visitor database (`visitors.db`, created on first start) and, with no `COOKIE_SECRET`, of the visitor cookie's secret the app keeps (`cookie-secret`, ADR 017); the default is at the project root, git-ignored; relative paths from the working directory. A database there that cannot be opened, or a secret that cannot be read, stops the start",
  },
};

/**
 * Knobs of the perf tools and the tests, not of a server.
 * @type {Record<string, { default: string, doc: string }>}
 */
export const TOOL_KNOBS = {
  CHROME_PATH: {
    default: '/usr/bin/chromium',
    doc: 'the Chromium the browser tests and perf tools drive',
  },
  NGINX_PATH: {
    default: '/usr/sbin/nginx',
    doc: 'the nginx that `npm run fleet`, `perf:chaos --fleet` and the fleet tests put in front of the instances',
  },
  PROMETHEUS_PATH: {
    default: '/usr/bin/prometheus',
    doc: 'the Prometheus that `npm run fleet` and the fleet tests start to scrape each instance',
  },
  PLAIN_CARDS: {
    default: '200',
    doc: 'the cards of the plain reference page (`perf/baseline/plain.js`, 1 to 500) that `perf:load -- --per-card` and `npm run perf:cost-check` measure Marquee against ([docs/server-cost.md](docs/server-cost.md))',
  },
  PLAIN_CARD_MARKUP: {
    default: 'plain',
    doc: "the plain reference page's card markup: `plain` (a link, an image and two text spans) or `marquee` (Marquee's card, element for element: its buttons and their aria, the details box, the poster's srcset, `<picture>` and `<noscript>` copy), which `perf:load -- --per-card` measures beside the plain one to tell the markup's cost from Marquee's machinery ([docs/server-cost.md](docs/server-cost.md))",
  },
  POSTGRES_ROOT: {
    default: '/usr/lib/postgresql',
    doc: "where PostgreSQL's versions are installed (`<root>/<version>/bin/`): `npm run fleet -- --catalogs 2` and the PostgreSQL store's tests run a server of their own from it",
  },
};
