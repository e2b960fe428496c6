// @ts-check
// The paths a JSON Graph holds, as compact path sets: what the shared cache
// asks the catalog again when it refreshes.
import pathUtils from 'falcor-path-utils';

/**
 * @param {unknown} graph a JSON Graph (model.getCache())
 * @returns {import('./split-paths.js').PathSet[]} collapsed path sets, one per leaf shape
 */
export function collectPaths(graph) {
  /** @type {(string | number)[][]} */
  const paths = [];
  /** @param {unknown} node @param {(string | number)[]} path */
  const walk = (node, path) => {
    if (node === null || typeof node !== 'object' || '$type' in node) {
      if (path.length > 0) paths.push(path);
      return;
    }
    for (const key of Object.keys(node)) {
      // falcor's own bookkeeping keys start with "$" or "ǂ"; they are not data.
      if (key.startsWith('$') || key.startsWith('ǂ')) continue;
      walk(/** @type {Record<string, unknown>} */ (node)[key], [...path, key]);
    }
  };
  walk(graph, []);
  return paths.length > 0 ? pathUtils.collapse(paths) : [];
}
