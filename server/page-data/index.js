// @ts-check
// Page data: what a page reads on the server, and the one module a page
// handler asks for it. Built once per app: the visitor's own Falcor router,
// the process-wide catalog cache in front of it, and, per request, the page's
// data read through both. Pages (server/pages/page-handler.js) and
// /model.json (server/falcor/endpoint.js) read from here, so both see the
// same cache and the same upstream trace.
//   page → pageDataFor(req) → the router alone (GRAPH_CACHE_TTL_MS=0), or
//   ./through-cache.js: catalog paths from the shared cache, the visitor's
//   (the routes declared `visitor: true`) from the router
import { createRouter } from '../falcor/router.js';
import { createSharedGraph } from '../graph-cache/shared-graph.js';
import { lastValue, mergeGraph } from '../graph-cache/merge-graph.js';
import { createGraphCacheMetrics } from '../metrics/graph-cache.js';
import { traceOf } from '../upstream/trace.js';
import { readPath } from '../../shared/graph/read.js';
import { readThroughCache } from './through-cache.js';

/**
 * @typedef {import('express').Request} Request
 * @typedef {import('../graph-cache/split-paths.js').PathSet} PathSet
 * @typedef {object} PageData what a page handler (and the Falcor endpoint's cached get) reads
 * @property {(...paths: PathSet[]) => Promise<void>} get  merges the answer into the page's graph
 * @property {(path: (string | number)[]) => Promise<unknown>} getValue
 * @property {() => object} getCache  the JSON Graph so far (for the render and the page's client)
 * @typedef {ReturnType<typeof createPageData>} PageDataSource
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
export function createPageData({ clients, graphCache, registry, log }) {
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
  const pageDataFor = pageDataThrough(routerFor, sharedGraph);

  return {
    /** A falcor-router for this request's visitor (sets and calls, and gets the cache cannot split). */
    routerFor,
    /** What a page reads: get(...paths), getCache(). */
    pageDataFor,
    /** /model.json's gets through the catalog cache; undefined when it is off (every get on the router). */
    readGraphFor: sharedGraph ? pageDataFor : undefined,
    /** The upstream calls a request waited for (its requests and rounds in its timings). */
    traceFor: traceOf,
    close() {
      sharedGraph?.close();
    },
  };
}

/**
 * A request's page data: through the shared cache when there is one, else
 * from the per-request router directly. The browser asks the same JSON Graph
 * through /model.json; the server skips both the HTTP hop and a falcor Model.
 * Pitfall: a Model per request merges the router's answer into its own cache,
 * builds a JSON tree nobody reads and copies its cache for getCache(): CPU
 * and garbage for a one-shot render (docs/decisions/005).
 * @param {(req: Request) => any} createRouterFor
 * @param {ReturnType<typeof createSharedGraph> | null} [shared]
 *   the process-wide catalog cache; null (GRAPH_CACHE_TTL_MS=0): every path through the router
 * @returns {(req: Request) => PageData}
 */
export function pageDataThrough(createRouterFor, shared = null) {
  return (req) => {
    const router = createRouterFor(req);
    // The router is told of its calls by createRouterFor (the same trace, traceOf(req)).
    if (shared) return readThroughCache({ shared, router, trace: traceOf(req) });
    /** @type {Record<string, any>} */
    const graph = {};
    return {
      async get(...paths) {
        router.readAhead?.(paths);
        const envelope = await lastValue(router.get(paths));
        mergeGraph(graph, envelope?.jsonGraph ?? {});
      },
      async getValue(path) {
        await this.get(path);
        return readPath(graph, path);
      },
      getCache: () => graph,
    };
  };
}
