// @ts-check
// Whether a page's above-the-fold data came back whole. The page's 200 and
// head are flushed before its data is asked for (Netflix's early flush), so a
// catalog failure cannot change the status any more: a page that lacks data
// says so in its markup, in a trailer and in marquee_page_degraded_total, and
// never passes for a good page (issue 14). The trailer and the notice the
// renderer writes live in server/render/degraded-notice.js.
import client from 'prom-client';

/** @typedef {import('../render/degraded-notice.js').DegradedReason} DegradedReason */

/**
 * Does a JSON Graph hold an error atom (a path the router or the catalog
 * failed on)? A missing branch is "no such thing"; an error is a failure.
 * @param {unknown} graph
 */
export function hasErrorAtoms(graph) {
  if (graph === null || typeof graph !== 'object') return false;
  const node = /** @type {Record<string, unknown>} */ (graph);
  if ('$type' in node) return node.$type === 'error';
  for (const key in node) if (hasErrorAtoms(node[key])) return true;
  return false;
}

/**
 * Is any path of a page's query missing from its graph? The router answers
 * "nothing there" with an empty atom; a branch it could not fetch (the
 * catalog failed) it leaves out. Refs are followed from the root.
 * @param {Record<string, any>} graph
 * @param {any[][]} paths path sets (keys, arrays of keys, { from, to } ranges)
 */
export function missesPaths(graph, paths) {
  // Pitfall: each key set expanded again at every node it applies to (a card's keys once per
  // card): 5% of the 270-card page's CPU (docs/server-cost.md). Once per path set instead.
  /** @param {any} node @param {(string | number)[][]} path @param {number} depth @returns {boolean} */
  const misses = (node, path, depth) => {
    if (depth === path.length) return node === undefined;
    if (node === undefined) return true;
    if (node === null || typeof node !== 'object') return false;
    if (node.$type === 'ref')
      return misses(
        node.value.reduce((/** @type {any} */ n, /** @type {string} */ k) => n?.[k], graph),
        path,
        depth,
      );
    // An atom or an error before the path's end: nothing further down to miss (errors are counted apart).
    if ('$type' in node) return false;
    return path[depth].some((key) => misses(node[key], path, depth + 1));
  };
  return paths.some((path) => misses(graph, path.map(keysOf), 0));
}

/** @param {any} keySet @returns {(string | number)[]} */
function keysOf(keySet) {
  if (Array.isArray(keySet)) return keySet.flatMap(keysOf);
  if (keySet !== null && typeof keySet === 'object')
    return Array.from(
      { length: (keySet.to ?? keySet.from + keySet.length - 1) - (keySet.from ?? 0) + 1 },
      (_, i) => (keySet.from ?? 0) + i,
    );
  return [keySet];
}

/** @param {import('prom-client').Registry} registry */
export function createDegradedMetrics(registry) {
  const degraded = new client.Counter({
    name: 'marquee_page_degraded_total',
    help: 'Pages sent (status 200, head already flushed) without all their above-the-fold data, by page and reason (upstream_error: some data failed; failed: the page broke after the flush)',
    labelNames: ['page', 'reason'],
    registers: [registry],
  });
  return {
    /** @param {string} page @param {DegradedReason} reason */
    count: (page, reason) => degraded.inc({ page, reason }),
  };
}
