// @ts-check
// Where a request's data comes from, built once per app: the visitor's own
// Falcor router, the process-wide catalog cache in front of it, and the graph
// a page reads through both. Pages (page-handler.js) and /model.json
// (falcor/endpoint.js) read from here, so both see the same cache and the
// same upstream trace.
//   page → graphFor(req) → model.js (the router alone, or
//   graph-cache/page-graph.js: catalog paths from the shared graph, the
//   visitor's from the router)
import { createRouter } from '../falcor/router.js';
import { createSharedGraph } from '../graph-cache/shared-graph.js';
import { createGraphCacheMetrics } from '../metrics/graph-cache.js';
import { traceOf } from '../upstream/trace.js';
import { createModelFor } from './model.js';

/**
 * @typedef {import('express').Request} Request
 * @typedef {ReturnType<typeof createDataLayer>} DataLayer
 */

/**
 * @param {{
 *   clients: ReturnType<typeof import('../upstream/index.js').createCatalogClients>,
 *   graphCache: { ttlMs: number, maxSize: number },
 *   registry?: import('prom-client').Registry,
 *   log?: import('pino').Logger,
 * }} deps graphCache: the config's (GRAPH_CACHE_TTL_MS=0: every path through the
 *   visitor's router); registry: where the cache's counters go, when it is on
 */
export function createDataLayer({ clients, graphCache, registry, log }) {
  /** @param {Request} req */
  const routerFor = (req) =>
    createRouter({
      clients,
      visitorId: req.visitorId,
      newVisitor: req.visitorIsNew === true,
      log,
      // The upstream calls this request waits for: its rounds in Server-Timing.
      trace: traceOf(req),
    });
  // Catalog data is the same for every visitor: one cache for the process,
  // filled through the router of no visitor.
  const sharedGraph =
    graphCache.ttlMs > 0
      ? createSharedGraph({
          createSource: (sink) => createRouter({ clients, visitorId: null, log, trace: sink }),
          ...graphCache,
          onStats: registry && createGraphCacheMetrics(registry),
        })
      : null;
  const graphFor = createModelFor(routerFor, sharedGraph);

  return {
    /** A falcor-router for this request's visitor (sets and calls, and gets the cache cannot split). */
    routerFor,
    /** The graph a page reads: get(...paths), getCache(). */
    graphFor,
    /** /model.json's gets through the catalog cache; undefined when it is off (every get on the router). */
    readGraphFor: sharedGraph ? graphFor : undefined,
    /** The upstream calls a request waited for (its requests and rounds in its timings). */
    traceFor: traceOf,
    close() {
      sharedGraph?.close();
    },
  };
}
