// @ts-check
// What the browser asked /model.json for, checked against the JSON Graph the
// server serialized into the page: a path the page already had must never be
// requested again (issue 3; Falcor's cache seeded from #marquee-data).

/**
 * @typedef {string | number} Key
 * @typedef {{ from?: number, to?: number, length?: number }} Range
 * @typedef {Key | Range | (Key | Range)[]} KeySet
 * @typedef {{ method: string, url: string, body: string | null }} ModelRequest
 */

/** Paths that cross this many simple paths are a bug in the page, not a test input. */
const MAX_EXPANDED = 100_000;

/**
 * The path sets one /model.json request carries: `paths` in the query string
 * (get) or in the form body (call), and the envelope's paths of a set.
 * @param {ModelRequest} request
 * @returns {{ method: string, pathSets: KeySet[][] }}
 */
export function requestedPathSets({ url, body }) {
  const fields = new URL(url).searchParams;
  if (body) for (const [key, value] of new URLSearchParams(body)) fields.set(key, value);
  const method = fields.get('method') ?? '?';
  if (method === 'set') {
    const envelope = JSON.parse(fields.get('jsonGraph') ?? '{}');
    return { method, pathSets: envelope.paths ?? [] };
  }
  return { method, pathSets: JSON.parse(fields.get('paths') ?? '[]') };
}

/**
 * Every simple path a path set stands for (ranges and key sets expanded).
 * @param {KeySet[]} pathSet
 * @returns {Key[][]}
 */
export function expandPathSet(pathSet) {
  /** @type {Key[][]} */
  let paths = [[]];
  for (const keySet of pathSet) {
    const keys = expandKeySet(keySet);
    paths = paths.flatMap((prefix) => keys.map((key) => [...prefix, key]));
    if (paths.length > MAX_EXPANDED) throw new Error(`path set expands past ${MAX_EXPANDED} paths`);
  }
  return paths;
}

/**
 * @param {KeySet} keySet
 * @returns {Key[]}
 */
function expandKeySet(keySet) {
  if (Array.isArray(keySet)) return keySet.flatMap((k) => expandKeySet(k));
  if (keySet !== null && typeof keySet === 'object') {
    const from = keySet.from ?? 0;
    const to = keySet.to ?? from + (keySet.length ?? 0) - 1;
    return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  }
  return [/** @type {Key} */ (keySet)];
}

/**
 * Whether the cache already answers this simple path: walking it (following
 * refs from the root, as Falcor does) reaches a value, an atom or an error.
 * @param {any} cache a JSON Graph
 * @param {Key[]} path
 */
export function cacheHas(cache, path) {
  let node = cache;
  for (const key of path) {
    if (node?.$type === 'ref') node = follow(cache, node.value);
    if (node === undefined) return false;
    // A value, atom or error before the path's end answers it (Falcor stops there too).
    if (node === null || typeof node !== 'object' || node.$type) return true;
    if (!Object.hasOwn(node, String(key))) return false;
    node = node[String(key)];
  }
  return node !== undefined;
}

/**
 * @param {any} cache
 * @param {Key[]} refPath
 */
function follow(cache, refPath) {
  let node = cache;
  for (let hops = 0; hops < 16; hops++) {
    for (const key of refPath) {
      if (node === null || typeof node !== 'object' || !Object.hasOwn(node, String(key))) return undefined;
      node = node[String(key)];
    }
    if (node?.$type !== 'ref') return node;
    refPath = node.value;
    node = cache;
  }
  return undefined;
}

/**
 * The simple paths of these requests that the server had already sent.
 * @param {ModelRequest[]} requests
 * @param {unknown} cache the JSON Graph in #marquee-data
 * @returns {{ method: string, path: Key[] }[]}
 */
export function refetchedPaths(requests, cache) {
  const found = [];
  for (const request of requests) {
    const { method, pathSets } = requestedPathSets(request);
    for (const pathSet of pathSets) {
      for (const path of expandPathSet(pathSet)) if (cacheHas(cache, path)) found.push({ method, path });
    }
  }
  return found;
}
