// @ts-check
// How a router's answer becomes part of a page's graph, for both the uncached
// path and the shared cache's (server/page-data/).

/**
 * @param {{ subscribe: Function }} observable what falcor-router answers
 * @returns {Promise<any>}
 */
export function lastValue(observable) {
  return new Promise((resolve, reject) => {
    /** @type {any} */
    let last;
    observable.subscribe(
      (/** @type {any} */ value) => {
        last = value;
      },
      reject,
      () => resolve(last),
    );
  });
}

/**
 * Copies branches of `from` into `into`; leaves replace. Error atoms are left
 * out: they mean "ask again", so a failed row stays missing (a placeholder the
 * client refills) instead of a stale failure in the page's cache.
 * @param {Record<string, any>} into
 * @param {Record<string, any> | undefined} from undefined: a Falcor cache that
 *   holds none of the paths read (every row failed, or was collected): nothing to add
 */
export function mergeGraph(into, from) {
  if (from == null) return;
  for (const key of Object.keys(from)) {
    const node = from[key];
    if (node !== null && typeof node === 'object' && !Array.isArray(node) && !('$type' in node)) {
      const branch = Object.hasOwn(into, key) ? into[key] : undefined;
      const target = branch !== null && typeof branch === 'object' && !('$type' in branch) ? branch : (into[key] = {});
      mergeGraph(target, node);
    } else if (!(node !== null && typeof node === 'object' && node.$type === 'error')) {
      into[key] = node;
    }
  }
}
