// @ts-check
/**
 * What a `set` may ask, checked before falcor-router runs it (issue 14):
 * - every path of the envelope has a value in its jsonGraph: falcor-router
 *   reads each one with a bare walk (cache/getValue.js), so a missing one was
 *   a TypeError, a stack trace in the log and a 500;
 * - every path ends at a route with a `set` handler: on a get-only route
 *   falcor-router 0.8 calls `get` with the jsonGraph in place of a path set
 *   (its fallback for Netflix/falcor-router#76), which no get route expects:
 *   a logged stack trace and an error atom per request, or a silent read.
 * Both answer 400 instead (validate-request.js, endpoint.js), before any
 * route runs.
 */
/** @typedef {(string | number)[]} SimplePath */
/** @typedef {import('./validate-request.js').PathSet} PathSet */

/**
 * Every simple path a path set stands for. Call only on path sets already
 * counted against maxPaths (validate-request.js): the result is that long.
 * @param {PathSet} pathSet
 * @returns {SimplePath[]}
 */
export function spreadPathSet(pathSet) {
  /** @type {SimplePath[]} */
  let paths = [[]];
  for (const keySet of pathSet) {
    const keys = (Array.isArray(keySet) ? keySet : [keySet]).flatMap(expandKey);
    paths = paths.flatMap((prefix) => keys.map((key) => [...prefix, key]));
  }
  return paths;
}

/** @param {import('./validate-request.js').KeyOrRange} key @returns {(string | number)[]} */
function expandKey(key) {
  if (typeof key !== 'object') return [key];
  const from = key.from ?? 0;
  const to = key.to ?? from + /** @type {number} */ (key.length) - 1;
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * Whether some path does not lead, through plain objects only, to a value
 * (null included) in `jsonGraph`. A reference on the way counts as missing:
 * falcor-router's walk does not follow it.
 * @param {Record<string, unknown>} jsonGraph
 * @param {SimplePath[]} paths
 */
export function hasPathWithoutValue(jsonGraph, paths) {
  for (const path of paths) {
    /** @type {unknown} */
    let node = jsonGraph;
    for (const key of path) {
      const isBranch =
        typeof node === 'object' && node !== null && !Array.isArray(node) && !Object.hasOwn(node, '$type');
      if (!isBranch || !Object.hasOwn(/** @type {object} */ (node), key)) return true;
      node = /** @type {Record<string, unknown>} */ (node)[key];
    }
  }
  return false;
}

/**
 * Whether some path is not matched whole by routes with a `set` handler.
 * Asks the router's own matcher (`_matcher`, unchanged since falcor-router
 * 0.2; test/server/falcor/endpoint.test.js fails if a new version drops it), so the
 * routes stay the one place that says what can be written. Each route has
 * one id per handler; where a route has no `set`, the matcher answers a set
 * with its `get` (same id as a get of that path), and flags it `isSet` all
 * the same: the ids tell the two apart.
 * @param {any} router a falcor-router instance
 * @param {SimplePath[]} paths
 */
export function hasReadOnlyPath(router, paths) {
  if (typeof router._matcher !== 'function') return false;
  return paths.some((path) => {
    const setMatches = router._matcher('set', path);
    const getIds = new Set(router._matcher('get', path).map((/** @type {{ id: number }} */ m) => m.id));
    return setMatches.length === 0 || setMatches.some((/** @type {{ id: number }} */ m) => getIds.has(m.id));
  });
}
