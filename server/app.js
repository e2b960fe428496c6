// @ts-check
// Builds the Marquee app; never listens (server/index.js does), so tests can
// start it on any port (fastify's app.js / server.js split).
import express from 'express';
import { createRouteTable } from './route-table.js';
import { createLogger } from './log.js';
import { securityHeaders } from './middleware/security-headers.js';
import { visitor } from './middleware/visitor.js';
import { sameOriginWrites } from './middleware/same-origin-writes.js';
import { renderSettingsFor } from './render/render-settings.js';
import { createPageShell } from './render/page-shell.js';
import { createUpstream } from './upstream/pool.js';
import { createCatalogClients } from './upstream/index.js';
import { falcorEndpoint, MODEL_POST_TYPES } from './falcor/endpoint.js';
import { createPageData } from './page-data/index.js';
import { PAGES } from '../shared/pages/registry.js';
import { pageHandler } from './pages/page-handler.js';
import { mountPosters } from './posters/routes.js';
import { notFoundPage, errorPage } from './pages/errors.js';
import { createRegistry } from './metrics/registry.js';
import { httpMetrics } from './metrics/http.js';
import { createUpstreamMetrics } from './metrics/upstream.js';
import { requestLog } from './middleware/request-log.js';
import { createOverloadGuard } from './middleware/overload.js';
import { createDrainGate } from './lifecycle/drain.js';
import { mountHealth } from './lifecycle/health-routes.js';
import { RELOAD_PATH } from './dev/reload-stream.js';
import { CLIENT_DIR } from './paths.js';
import { createSheddingMetrics } from './metrics/shedding.js';
import { serverTiming } from './middleware/server-timing.js';
import { staticAssets } from './delivery/static-assets.js';
import { compression } from './delivery/compression.js';
import { MEASUREMENT_PARTS } from './measurement.js';

/** Where the client build is served (client/build/index.js PUBLIC_PATH). */
const ASSETS_PATH = '/assets';

/**
 * @param {import('./config/load.js').Config} config
 * @param {{
 *   catalogUrl: string,
 *   catalogCa?: string | null,
 *   log?: import('pino').Logger,
 *   extraRoutes?: (routes: ReturnType<typeof createRouteTable>) => void,
 * }} deps
 */
export function createApp(
  config,
  { catalogUrl, catalogCa = config.catalog.ca, log = createLogger(config), extraRoutes },
) {
  // ── Metrics (the app's own counters, one registry per app; read by the Prometheus part below) ──
  const registry = createRegistry();
  const upstreamMetrics = createUpstreamMetrics(registry);
  const shedding = createSheddingMetrics(registry);

  // ── Upstream and data ────────────────────────────────────────────────────
  const countCircuit = upstreamMetrics.onCircuit('catalog');
  const upstream = createUpstream({
    url: catalogUrl,
    ...config.upstream,
    ca: catalogCa,
    onCall: upstreamMetrics.onCall('catalog'),
    onConnect: upstreamMetrics.onConnect('catalog'),
    onCircuit: (state) => {
      // Each change once, where an operator looks: open is the catalog failing, closed its return.
      log[state === 'open' ? 'warn' : 'info']({ pool: 'catalog', state }, `upstream circuit ${state}`);
      countCircuit(state);
    },
  });
  upstreamMetrics.watchPool('catalog', upstream);
  // The visitor's router and the process-wide catalog cache, for pages and
  // /model.json alike (GRAPH_CACHE_TTL_MS=0: every page asks the router).
  const data = createPageData({
    clients: createCatalogClients(upstream),
    graphCache: config.graphCache,
    registry,
    log,
  });

  // This app's poster template, handed to every page it renders.
  const renderSettings = renderSettingsFor(config);

  // ── Page shell ───────────────────────────────────────────────────────────
  const { devReload, templates, clientManifest, renderer } = createPageShell(config, { registry, log });

  const app = express();
  app.disable('x-powered-by');
  // Off unless TRUST_PROXY names the proxy: req.ip, req.secure and req.host
  // then come from its X-Forwarded-* headers, and from nobody else's.
  app.set('trust proxy', config.security.trustProxy);
  // Before every middleware: a stream that never ends must not be compressed
  // (held in the compressor), counted in flight (drain and overload would wait
  // on it) or given a visitor cookie. The drain ends it (onStart below).
  if (devReload) app.get(RELOAD_PATH, devReload.handler);

  // ── Middleware ───────────────────────────────────────────────────────────
  // First, and cheap: once stopping, /readyz says 503 and every answer
  // Connection: close (server/index.js drains); overloaded, pages and
  // /model.json get a 503 before any other work (/healthz still answers;
  // marquee_requests_shed_total counts them, the request log does not).
  const drain = createDrainGate({ onStart: devReload?.close });
  const overload = createOverloadGuard({ ...config.overload, onShed: shedding.shed });
  app.use(drain.middleware, overload.middleware);
  // Everything made per request (pages, /model.json): brotli or gzip, flushed
  // as the page streams (COMPRESSION=0 turns it off, e.g. behind a proxy that
  // compresses). Mounted before Server-Timing: the compressor sends the
  // headers when the body ends, so Server-Timing must set its header first.
  if (config.delivery.compression) app.use(compression({ skip: ASSETS_PATH }));
  // Then, so their clocks include everything after: one log line, the
  // Server-Timing header and the duration histograms per route template.
  app.use(requestLog(log), serverTiming(), httpMetrics(registry));
  // Pitfall: a response ended a turn later (setImmediate), for fairness, starved under a flood (perf/exercises/07-deferred-responses).
  // Every response gets the security headers and its own CSP nonce.
  app.use(securityHeaders({ imgOrigins: [config.posters.origin] }));
  // Hashed file names never change content: cache them for a year, immutable,
  // sent as compressed at build time (the compressor skips this path).
  // Mounted before the visitor cookie so assets never carry Set-Cookie.
  app.use(ASSETS_PATH, staticAssets({ dir: CLIENT_DIR, precompressed: config.delivery.compression }));
  // Writes from another site are refused before the visitor cookie: a forged
  // write neither mints a visitor nor replaces the victim's cookie.
  const { publicOrigin } = config.security;
  app.use('/model.json', sameOriginWrites({ contentTypes: MODEL_POST_TYPES, publicOrigin, log }));
  // Pages and the Falcor endpoint know who asks: the visitor's own list and ratings.
  app.use(visitor(config.cookie));

  // ── Routes (each registered once: a duplicate is a start-up error) ───────
  const routes = createRouteTable(app);
  mountHealth(routes, upstream);

  const model = falcorEndpoint({
    createRouterFor: data.routerFor,
    maxPaths: config.falcor.maxPaths,
    maxBodyBytes: config.falcor.maxBodyBytes,
    bodyTimeoutMs: config.edges.bodyTimeoutMs,
    readGraphFor: data.readGraphFor,
    traceFor: data.traceFor,
    log,
  });
  routes.add('get', '/model.json', model);
  routes.add('post', '/model.json', model);

  // Every page of the registry, through one generic handler.
  // posters: the poster URL template, handed to the client in #marquee-data (shared/poster.js);
  // prefetch: NAV_PREFETCH, read by the client's navigation (client/nav/).
  const pageOptions = Object.freeze({
    rows: config.page.atfRows,
    posters: config.posters.template ?? undefined,
    prefetch: config.page.prefetch,
  });
  for (const entry of PAGES)
    routes.add(
      'get',
      entry.path,
      pageHandler(entry, { options: pageOptions, settings: renderSettings, data, renderer }),
    );
  mountPosters(routes);

  // ── Measurement (GET /metrics; POST /perf/beacon and /perf): one line each in server/measurement.js ──
  for (const part of MEASUREMENT_PARTS) part.mount({ routes, registry, log, config, templates });

  extraRoutes?.(routes);

  const renderError = (/** @type {string} */ name, /** @type {object} */ data) => templates.get(name).head(data);
  app.use(notFoundPage(renderError));
  app.use(errorPage(renderError, log));

  return {
    app,
    routes,
    upstream,
    registry,
    /** What its pages render with (its poster template, its cards). */
    renderSettings,
    drain,
    shedding,
    async close() {
      overload.close();
      data.close();
      templates.close();
      clientManifest.close();
      await upstream.close();
    },
  };
}
