// @ts-check
// A page's graph when the shared cache is on: the catalog part read from the
// process-wide cache, the visitor's part from the visitor's own router, merged
// into one JSON Graph for the render and the page's serialized cache.
//   1. catalog paths from the cache, and the visitor's branches (myList refs)
//      from the router, at once;
//   2. then, for the titles the refs lead to: their visitor keys from the
//      router (inMyList, userRating) and, behind the visitor's branches, their
//      catalog fields from the cache, at once.
// The visitor's router never walks catalog refs again, so a warm page costs
// one upstream round trip: the visitor's list.
import { splitPaths, titleIdsAt } from './split-paths.js';
import { lastValue, mergeGraph } from './merge-graph.js';
import { readPath } from '../../shared/graph/read.js';

/**
 * @param {{
 *   shared: ReturnType<typeof import('./shared-graph.js').createSharedGraph>,
 *   router: { get: (paths: any[]) => { subscribe: Function } },
 * }} deps router: this request's, with its visitor
 * @returns {import('../pages/model.js').PageGraph}
 */
export function createPageGraph({ shared, router }) {
  /** @type {Record<string, any>} */
  const graph = {};
  const fromRouter = async (/** @type {any[]} */ paths) => {
    if (paths.length === 0) return;
    const envelope = await lastValue(router.get(paths));
    mergeGraph(graph, envelope?.jsonGraph ?? {});
  };
  const fromCache = async (/** @type {any[]} */ paths) => {
    if (paths.length === 0) return;
    // read() hands out a fresh copy: into an empty graph it needs no second copy.
    const part = await shared.read(paths);
    if (Object.keys(graph).length === 0) Object.assign(graph, part);
    else mergeGraph(graph, part);
  };
  return {
    async get(...paths) {
      const { catalog, visitorRoots, throughRefs } = splitPaths(paths);
      await Promise.all([fromCache(catalog), fromRouter(visitorRoots)]);
      /** @type {any[]} */
      const visitorPaths = [];
      /** @type {any[]} */
      const catalogPaths = [];
      for (const { prefix, catalogKeys, visitorKeys } of throughRefs) {
        const ids = titleIdsAt(graph, prefix);
        if (ids.length === 0) continue;
        if (visitorKeys.length > 0) visitorPaths.push(['titlesById', ids, visitorKeys]);
        if (catalogKeys.length > 0) catalogPaths.push(['titlesById', ids, catalogKeys]);
      }
      await Promise.all([fromCache(catalogPaths), fromRouter(visitorPaths)]);
    },
    async getValue(path) {
      await this.get(path);
      return readPath(graph, path);
    },
    getCache: () => graph,
  };
}
