// @ts-check
// Which parts of a page's query may come from the process-wide graph cache and
// which must go through the visitor's own router. Catalog data (lists, titles'
// fields) is the same for everyone; what the routes declare the visitor's
// (`myList`, a title's `inMyList` and `userRating`: server/falcor/visitor-paths.js)
// belongs to one visitor and never enters the shared cache.
import { readRef } from '../../shared/graph/read.js';
import { VISITOR_PATHS } from '../falcor/visitor-paths.js';

/**
 * @typedef {{ from: number, to: number }} Range
 * @typedef {string | number | (string | number | Range)[] | Range} KeySet
 * @typedef {KeySet[]} PathSet
 */

/** Title keys that belong to a visitor. */
const VISITOR_KEYS = VISITOR_PATHS.titleKeys;

/** Top-level branches that belong to a visitor. */
const VISITOR_BRANCHES = VISITOR_PATHS.branches;

/**
 * @param {PathSet[]} paths a page's query
 * @returns {{ catalog: PathSet[], visitorRoots: PathSet[], throughRefs: { prefix: PathSet, catalogKeys: string[], visitorKeys: string[] }[] }}
 *   catalog: asked of the shared cache as they are;
 *   visitorRoots: asked of the visitor's router at once (a visitor branch up to its
 *   refs, or the visitor keys of titles named outright);
 *   throughRefs: key sets asked of the titles a prefix leads to, once the
 *   prefix's refs are known (visitor keys, and catalog keys behind a visitor branch)
 */
export function splitPaths(paths) {
  /** @type {PathSet[]} */
  const catalog = [];
  /** @type {PathSet[]} */
  const visitorRoots = [];
  /** @type {{ prefix: PathSet, catalogKeys: string[], visitorKeys: string[] }[]} */
  const throughRefs = [];
  for (const path of paths) {
    const last = path[path.length - 1];
    const keys = Array.isArray(last) ? last.map(String) : [String(last)];
    const visitorKeys = keys.filter((key) => VISITOR_KEYS.includes(key));
    const catalogKeys = keys.filter((key) => !VISITOR_KEYS.includes(key));
    const prefix = path.slice(0, -1);
    if (VISITOR_BRANCHES.has(String(path[0]))) {
      // `myList.length`, or refs plus the fields of the titles they reach.
      if (path.length <= 2) visitorRoots.push(path);
      else {
        visitorRoots.push(prefix);
        throughRefs.push({ prefix, catalogKeys, visitorKeys });
      }
      continue;
    }
    if (catalogKeys.length > 0) catalog.push([...prefix, catalogKeys]);
    if (visitorKeys.length === 0) continue;
    // A title named outright (`titlesById[id].userRating`): no ref to wait for,
    // so its visitor keys go in the first round, beside the catalog's.
    if (namesTitle(path)) visitorRoots.push([...prefix, visitorKeys]);
    else throughRefs.push({ prefix, catalogKeys: [], visitorKeys });
  }
  return { catalog, visitorRoots, throughRefs };
}

/**
 * A path that names its title outright (`titlesById[id][keys]`): no ref to wait for.
 * @param {readonly unknown[]} path
 */
function namesTitle(path) {
  return path[0] === 'titlesById' && path.length === 3;
}

/**
 * Whether splitPaths can answer these paths as the router would: a page's
 * query always can; a client may send other shapes (a path ending at refs or
 * positions, visitor keys alone behind refs the cache was not asked for),
 * which the router answers instead.
 * @param {readonly (readonly unknown[])[]} paths
 */
export function splittable(paths) {
  return paths.every((path) => {
    const last = path[path.length - 1];
    const keys = Array.isArray(last) ? last : [last];
    if (path.length < 2 || !keys.every((key) => typeof key === 'string')) return false;
    const visitor = keys.some((key) => VISITOR_KEYS.includes(/** @type {string} */ (key)));
    const throughRefs = !VISITOR_BRANCHES.has(String(path[0])) && !namesTitle(path);
    // Visitor keys behind catalog refs are asked once those refs are in the graph: only a catalog key brings them.
    return !(visitor && throughRefs && keys.every((key) => VISITOR_KEYS.includes(/** @type {string} */ (key))));
  });
}

/**
 * The title ids a path-set prefix leads to in a graph: `['lists', {0..2}, {0..9}]`
 * expanded and each position's ref followed; a prefix already at a title
 * (`['titlesById', 'heat-1995']`) gives that title.
 * @param {unknown} graph
 * @param {PathSet} prefix
 * @returns {string[]} ids, each once
 */
export function titleIdsAt(graph, prefix) {
  /** @type {Set<string>} */
  const ids = new Set();
  for (const path of expand(prefix)) {
    if (path[0] === 'titlesById' && path.length === 2) {
      ids.add(String(path[1]));
      continue;
    }
    const target = readRef(graph, path);
    if (target?.[0] === 'titlesById' && target.length === 2) ids.add(String(target[1]));
  }
  return [...ids];
}

/**
 * Every concrete path of a path set (ranges and key arrays expanded). The
 * caller bounds the sets (a page's own query, validated sizes).
 * @param {PathSet} pathSet
 * @returns {(string | number)[][]}
 */
function expand(pathSet) {
  /** @type {(string | number)[][]} */
  let paths = [[]];
  for (const keySet of pathSet) {
    const keys = keysOf(keySet);
    paths = paths.flatMap((path) => keys.map((key) => [...path, key]));
  }
  return paths;
}

/** @param {KeySet} keySet @returns {(string | number)[]} */
function keysOf(keySet) {
  if (Array.isArray(keySet)) return keySet.flatMap((key) => keysOf(key));
  if (typeof keySet === 'object') {
    const keys = [];
    for (let i = keySet.from; i <= keySet.to; i++) keys.push(i);
    return keys;
  }
  return [keySet];
}
