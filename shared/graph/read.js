// @ts-check
// A tiny, pure reader of a JSON Graph cache (what falcor's `model.getCache()`
// returns). Server and browser compute their first render with this same code
// from the same cache, so hydration cannot disagree, and the browser needs no
// Falcor library before it is interactive.
//
// JSON Graph nodes (https://netflix.github.io/falcor/documentation/jsongraph.html):
//   branch: a plain object without `$type`
//   ref:    { $type: 'ref', value: ['titlesById', 'x'] }  (followed)
//   atom:   { $type: 'atom', value?: any }                 (unwrapped; no value = missing)
//   error:  { $type: 'error', value: { message } }         (read as missing)
//   leaf:   a primitive (falcor unwraps atoms of primitives in getCache)

/** @typedef {string | number} Key */
/** @typedef {{ hops: number }} Budget */

/** A cycle of refs (a → b → a) must end, not hang the render. */
export const MAX_REF_HOPS = 32;

/**
 * The value at `path`, following refs on the way and at the end, unwrapping
 * atoms. Missing, error and unknown nodes, and ref cycles, read as undefined.
 * A branch reads as the branch object itself.
 * @param {unknown} cache
 * @param {readonly Key[]} path
 * @returns {any}
 */
export function readPath(cache, path) {
  return leafValue(resolve(cache, path, { hops: MAX_REF_HOPS }));
}

/**
 * The target path of the ref at `path` (refs before the last key are
 * followed), e.g. `['titlesById', 'alien-1979']`; undefined if no ref is there.
 * Ids live in ref paths, not in the nodes they point to.
 * @param {unknown} cache
 * @param {readonly Key[]} path
 * @returns {Key[] | undefined}
 */
export function readRef(cache, path) {
  if (path.length === 0) return undefined;
  const budget = { hops: MAX_REF_HOPS };
  const parent = resolve(cache, path.slice(0, -1), budget);
  const node = child(parent, path[path.length - 1]);
  return isRef(node) && Array.isArray(node.value) ? [...node.value] : undefined;
}

/**
 * The branch at `path`, refs followed, or undefined (a leaf, an error, a
 * missing node). Reading many keys below one node (a row's cards, a card's
 * fields) from it with readPathFrom walks the path once instead of once per key.
 * @param {unknown} cache
 * @param {readonly Key[]} path
 * @returns {Record<string, any> | undefined}
 */
export function readBranch(cache, path) {
  const node = resolve(cache, path, { hops: MAX_REF_HOPS });
  return isBranch(node) ? node : undefined;
}

/**
 * readPath, from a branch of `cache` (readBranch's) instead of its root: refs
 * on the way still resolve from the root.
 * @param {unknown} cache
 * @param {unknown} node
 * @param {readonly Key[]} path
 * @returns {any}
 */
export function readPathFrom(cache, node, path) {
  return leafValue(walk(cache, node, path, { hops: MAX_REF_HOPS }));
}

/**
 * The target path of the ref at `key` of a branch, e.g. `['titlesById', 'alien-1979']`;
 * undefined if no ref is there (readRef, from a branch).
 * @param {unknown} node
 * @param {Key} key
 * @returns {Key[] | undefined}
 */
export function readRefFrom(node, key) {
  const ref = child(node, key);
  return isRef(ref) && Array.isArray(ref.value) ? [...ref.value] : undefined;
}

/**
 * @param {unknown} cache
 * @param {readonly Key[]} path
 * @param {Budget} budget shared by every ref followed for one read
 * @returns {unknown} the node at path, refs followed
 */
function resolve(cache, path, budget) {
  return walk(cache, cache, path, budget);
}

/**
 * @param {unknown} cache the root, where refs point
 * @param {unknown} from the node the path starts at
 * @param {readonly Key[]} path
 * @param {Budget} budget
 * @returns {unknown} the node at path below `from`, refs followed
 */
function walk(cache, from, path, budget) {
  let node = follow(cache, from, budget);
  for (const key of path) {
    node = follow(cache, child(node, key), budget);
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * @param {unknown} cache
 * @param {unknown} node
 * @param {Budget} budget
 */
function follow(cache, node, budget) {
  while (isRef(node)) {
    if (budget.hops-- <= 0 || !Array.isArray(node.value)) return undefined;
    node = resolve(cache, node.value, budget);
  }
  return node;
}

/**
 * Own properties only: a key like `__proto__` or `constructor` must never
 * reach Object.prototype.
 * @param {unknown} node
 * @param {Key} key
 */
function child(node, key) {
  if (!isBranch(node)) return undefined;
  const name = String(key);
  return Object.hasOwn(node, name) ? node[name] : undefined;
}

/** @param {unknown} node */
function leafValue(node) {
  if (node === null || typeof node !== 'object') return node;
  if (!('$type' in node)) return node;
  return node.$type === 'atom' ? /** @type {{ value?: unknown }} */ (node).value : undefined;
}

/**
 * @param {unknown} node
 * @returns {node is Record<string, any>}
 */
function isBranch(node) {
  return node !== null && typeof node === 'object' && !Array.isArray(node) && !('$type' in node);
}

/**
 * @param {unknown} node
 * @returns {node is { $type: 'ref', value: Key[] }}
 */
function isRef(node) {
  return node !== null && typeof node === 'object' && /** @type {{ $type?: unknown }} */ (node).$type === 'ref';
}
