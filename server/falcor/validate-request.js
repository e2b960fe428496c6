// @ts-check
/**
 * Turns the fields of a /model.json request into a checked Falcor request,
 * or throws an HttpError (400) with a short reason. Everything here runs in
 * time linear in the size of the request text, never in the size of what a
 * range *describes*: {from: 0, to: 1e9} is counted, not expanded.
 */
import { FORBIDDEN_KEYS } from '../../shared/forbidden-keys.js';
import { HttpError } from '../errors.js';
import { spreadPathSet, hasPathWithoutValue } from './set-request.js';

/** Deeper paths than this are no page's need, only a way to burn stack. */
const MAX_PATH_LENGTH = 32;

/**
 * @typedef {string | number | { from?: number, to?: number, length?: number }} KeyOrRange
 * @typedef {(KeyOrRange | KeyOrRange[])[]} PathSet
 * @typedef {{ method: 'get', paths: PathSet[] }
 *   | { method: 'set', jsonGraph: { jsonGraph: object, paths: PathSet[] }, simplePaths: (string | number)[][] }
 *   | { method: 'call', callPath: PathSet, args: unknown[], pathSuffixes: PathSet[], paths: PathSet[] }} FalcorRequest
 */

/**
 * JSON.parse that refuses forbidden keys (and strings equal to them) at any
 * depth, while parsing: nothing dangerous is ever handed to the router.
 * @param {string} text
 * @param {string} name field name, for the message
 */
export function parseJson(text, name) {
  try {
    return JSON.parse(text, rejectForbidden);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, `${name} is not valid JSON`);
  }
}

/** @param {string} key @param {unknown} value */
function rejectForbidden(key, value) {
  if (FORBIDDEN_KEYS.has(key) || (typeof value === 'string' && FORBIDDEN_KEYS.has(value))) {
    throw new HttpError(400, 'forbidden key');
  }
  return value;
}

/**
 * @param {'GET' | 'POST'} httpMethod
 * @param {(name: string) => unknown} field raw field: a JSON string (query or
 *   form) or an already parsed value (JSON body, parsed with `parseJson`)
 * @param {{ maxPaths: number }} limits
 * @returns {FalcorRequest}
 */
export function validateFalcorRequest(httpMethod, field, { maxPaths }) {
  const method = field('method');
  if (method !== 'get' && method !== 'set' && method !== 'call') {
    // falcor-router instances have other methods (routeUnhandledPathsTo,
    // _setOptions…); calling one by name would change the shared router.
    throw new HttpError(400, 'method must be get, set or call');
  }
  // A GET that changes data can be triggered by any <img> on any site.
  if (httpMethod === 'GET' && method !== 'get') throw new HttpError(405, `${method} needs POST`);
  const budget = { left: maxPaths, max: maxPaths };
  const json = (/** @type {string} */ name) => {
    const raw = field(name);
    if (raw === undefined) throw new HttpError(400, `${name} is missing`);
    return typeof raw === 'string' ? parseJson(raw, name) : raw;
  };
  const optional = (/** @type {string} */ name, /** @type {unknown} */ fallback) =>
    field(name) === undefined ? fallback : json(name);

  if (method === 'get') return { method, paths: pathSets(json('paths'), 'paths', budget) };

  if (method === 'set') {
    const envelope = json('jsonGraph');
    if (!isPlainObject(envelope) || !isPlainObject(envelope.jsonGraph))
      throw new HttpError(400, 'jsonGraph must be a JSON Graph envelope');
    const paths = pathSets(envelope.paths, 'jsonGraph.paths', budget);
    // At most maxPaths of them: the budget above counted every one.
    const simplePaths = paths.flatMap(spreadPathSet);
    if (hasPathWithoutValue(envelope.jsonGraph, simplePaths))
      throw new HttpError(400, 'jsonGraph.paths: each path needs a value in jsonGraph');
    return { method, jsonGraph: { jsonGraph: envelope.jsonGraph, paths }, simplePaths };
  }

  const [callPath] = pathSets([json('callPath')], 'callPath', budget);
  if (typeof callPath[callPath.length - 1] !== 'string')
    throw new HttpError(400, 'callPath must end with a function name');
  const args = optional('arguments', []);
  if (!Array.isArray(args)) throw new HttpError(400, 'arguments must be an array');
  return {
    method,
    callPath,
    args,
    pathSuffixes: pathSets(optional('pathSuffixes', []), 'pathSuffixes', budget, true),
    paths: pathSets(optional('paths', []), 'paths', budget, true),
  };
}

/**
 * Checks an array of path sets and charges their expanded count to `budget`.
 * @param {unknown} value
 * @param {string} name
 * @param {{ left: number, max: number }} budget
 * @param {boolean} [mayBeEmpty]
 * @returns {PathSet[]}
 */
function pathSets(value, name, budget, mayBeEmpty = false) {
  if (!Array.isArray(value) || (!mayBeEmpty && value.length === 0))
    throw new HttpError(400, `${name} must be a non-empty array of paths`);
  for (const path of value) {
    if (!Array.isArray(path) || path.length === 0 || path.length > MAX_PATH_LENGTH) {
      throw new HttpError(400, `${name}: each path must be an array of 1 to ${MAX_PATH_LENGTH} keys`);
    }
    let count = 1;
    for (const key of path) {
      count *= Array.isArray(key) ? keySetCount(key, name) : keyCount(key, name);
      // Checked after every key, so the product never grows past the limit.
      if (count > budget.left) throw new HttpError(400, `too many paths (at most ${budget.max})`);
    }
    budget.left -= count;
  }
  return /** @type {PathSet[]} */ (value);
}

/** @param {unknown[]} keys @param {string} name */
function keySetCount(keys, name) {
  if (keys.length === 0) throw new HttpError(400, `${name}: empty key set`);
  let count = 0;
  for (const key of keys) {
    if (Array.isArray(key)) throw new HttpError(400, `${name}: nested key sets`);
    count += keyCount(key, name);
  }
  return count;
}

/**
 * How many keys one key or range stands for, without listing them.
 * @param {unknown} key
 * @param {string} name
 */
function keyCount(key, name) {
  if (typeof key === 'string') return 1; // forbidden strings never got past parseJson
  if (typeof key === 'number') {
    if (!isIndex(key)) throw new HttpError(400, `${name}: indices must be non-negative integers`);
    return 1;
  }
  if (isPlainObject(key)) {
    const { from = 0, to, length } = /** @type {{ from?: unknown, to?: unknown, length?: unknown }} */ (key);
    const extra = Object.keys(key).some((k) => k !== 'from' && k !== 'to' && k !== 'length');
    if (extra || !isIndex(from) || (to === undefined) === (length === undefined)) {
      throw new HttpError(400, `${name}: a range is {from, to} or {from, length}`);
    }
    if (to !== undefined && (!isIndex(to) || to < from))
      throw new HttpError(400, `${name}: range indices must be non-negative integers, from <= to`);
    if (length !== undefined && (!isIndex(length) || length === 0))
      throw new HttpError(400, `${name}: range length must be a positive integer`);
    return to !== undefined ? /** @type {number} */ (to) - from + 1 : /** @type {number} */ (length);
  }
  throw new HttpError(400, `${name}: keys must be strings, indices or ranges`);
}

/** @param {unknown} n @returns {n is number} */
function isIndex(n) {
  return Number.isSafeInteger(n) && /** @type {number} */ (n) >= 0;
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
