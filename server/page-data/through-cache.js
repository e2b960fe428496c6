// @ts-check
// A page's data when the shared cache is on: the catalog part read from the
// process-wide cache, the visitor's part (the paths of the routes declared
// `visitor: true`, server/falcor/visitor-paths.js) from the visitor's own
// router, merged into one JSON Graph for the render and the page's
// serialized cache.
//   1. catalog paths from the cache, and the visitor's branches (myList refs)
//      from the router, at once;
//   2. then, for the titles the refs lead to: their visitor keys from the
//      router (inMyList, userRating) and, behind the visitor's branches, their
//      catalog fields from the cache, at once. Refs read from the cache are
//      known as soon as the cache answers: their titles' visitor keys go out
//      then, beside the visitor's branches still in flight, not after them.
// The visitor's router never walks catalog refs again, so a warm page costs
// one upstream round trip: the visitor's list and ratings, side by side.
// Pitfall: waiting for one independent answer before asking for another (a
// sequential round trip that buys nothing).
import { splitPaths, titleIdsAt } from '../graph-cache/split-paths.js';
import { lastValue, mergeGraph } from '../graph-cache/merge-graph.js';
import { VISITOR_PATHS } from '../falcor/visitor-paths.js';
import { readPath } from '../../shared/graph/read.js';

/** @typedef {import('../graph-cache/split-paths.js').PathSet} PathSet */

/**
 * @param {{
 *   shared: ReturnType<typeof import('../graph-cache/shared-graph.js').createSharedGraph>,
 *   router: { get: (paths: PathSet[]) => { subscribe: Function }, readAhead?: (paths: PathSet[]) => void },
 *   trace?: import('../upstream/trace.js').CallSink,
 * }} deps router: this request's, with its visitor; trace: told of the cache's upstream calls this page waited for
 * @returns {import('./index.js').PageData}
 */
export function readThroughCache({ shared, router, trace }) {
  /** @type {Record<string, any>} */
  const graph = {};
  const fromRouter = async (/** @type {PathSet[]} */ paths) => {
    if (paths.length === 0) return;
    const envelope = await lastValue(router.get(paths));
    mergeGraph(graph, envelope?.jsonGraph ?? {});
  };
  const fromCache = async (/** @type {PathSet[]} */ paths) => {
    if (paths.length === 0) return;
    // read() hands out a fresh copy: into an empty graph it needs no second copy.
    const part = await shared.read(paths, trace);
    if (Object.keys(graph).length === 0) Object.assign(graph, part);
    else mergeGraph(graph, part);
  };
  return {
    async get(...paths) {
      const { catalog, visitorRoots, throughRefs } = splitPaths(paths);
      router.readAhead?.(paths);
      const roots = fromRouter(visitorRoots);
      roots.catch(() => {}); // awaited below; not an unhandled rejection meanwhile
      await fromCache(catalog);
      const behindVisitor = throughRefs.filter(({ prefix }) => isVisitorBranch(prefix));
      const behindCatalog = throughRefs.filter(({ prefix }) => !isVisitorBranch(prefix));
      const early = throughTitles(behindCatalog);
      early.catch(() => {});
      await roots;
      await Promise.all([early, throughTitles(behindVisitor)]);
    },
    async getValue(path) {
      await this.get(path);
      return readPath(graph, path);
    },
    getCache: () => graph,
  };

  /**
   * The titles some refs of the graph lead to: their visitor keys from the
   * router, their catalog keys from the cache, at once.
   * @param {ReturnType<typeof splitPaths>['throughRefs']} throughRefs
   */
  function throughTitles(throughRefs) {
    /** @type {PathSet[]} */
    const visitorPaths = [];
    /** @type {PathSet[]} */
    const catalogPaths = [];
    for (const { prefix, catalogKeys, visitorKeys } of throughRefs) {
      const ids = titleIdsAt(graph, prefix);
      if (ids.length === 0) continue;
      if (visitorKeys.length > 0) visitorPaths.push(['titlesById', ids, visitorKeys]);
      if (catalogKeys.length > 0) catalogPaths.push(['titlesById', ids, catalogKeys]);
    }
    return Promise.all([fromCache(catalogPaths), fromRouter(visitorPaths)]);
  }
}

/** @param {PathSet} prefix */
function isVisitorBranch(prefix) {
  return VISITOR_PATHS.branches.has(String(prefix[0]));
}
