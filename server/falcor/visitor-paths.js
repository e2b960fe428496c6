// @ts-check
// Which paths of the JSON Graph belong to one visitor, derived from the
// routes' own declarations (`visitor: true`, ./routes/index.js): the graph
// cache (server/graph-cache/split-paths.js) sends these through the visitor's
// router and never keeps them. Pitfall: a per-visitor route the split did not
// know of was answered from the process-wide cache, which has no visitor.
import { ROUTES } from './routes/index.js';

/**
 * @typedef {{ titleKeys: readonly string[], branches: ReadonlySet<string> }} VisitorPaths
 *   titleKeys: a title's keys that are the visitor's (`titlesById[id].userRating`);
 *   branches: top-level keys that are wholly the visitor's (`myList`)
 */

/** `titlesById[{keys:ids}].userRating` or `titlesById[{keys:ids}]["a","b"]`: the title keys it answers. */
const TITLE_KEYS_ROUTE = /^titlesById\[\{keys:\w+\}\](?:\.(\w+)|\[((?:"\w+",?)+)\])$/;

/**
 * @param {readonly import('./routes/index.js').RouteSpec[]} routes
 * @returns {VisitorPaths}
 */
export function visitorPathsOf(routes) {
  /** @type {string[]} */
  const titleKeys = [];
  /** @type {Set<string>} */
  const branches = new Set();
  for (const { route, visitor } of routes) {
    if (visitor !== true) continue;
    const top = /^[A-Za-z_$][\w$]*/.exec(route)?.[0] ?? '';
    if (top !== 'titlesById') {
      branches.add(top);
      continue;
    }
    // Titles are reached through refs from every list: only whole keys of a title can be split off.
    const match = TITLE_KEYS_ROUTE.exec(route);
    if (!match)
      throw new Error(
        `route ${route}: a visitor route under titlesById must end at a title's keys (titlesById[{keys:ids}].key)`,
      );
    titleKeys.push(...(match[1] ? [match[1]] : JSON.parse(`[${match[2]}]`)));
  }
  for (const { route, visitor } of routes) {
    const top = /^[A-Za-z_$][\w$]*/.exec(route)?.[0] ?? '';
    if (visitor !== true && branches.has(top))
      throw new Error(`route ${route}: ${top} has visitor routes, so every route under it must say visitor: true`);
  }
  return { titleKeys: Object.freeze([...new Set(titleKeys)]), branches };
}

/** This app's: from its route table. */
export const VISITOR_PATHS = visitorPathsOf(ROUTES);
