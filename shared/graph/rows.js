// @ts-check
// Rows and titles read out of a JSON Graph cache: generic, for any page. Server
// and client call these on the same cache, so their first renders match.
import { readBranch, readPath, readPathFrom, readRefFrom } from './read.js';

/** @typedef {import('./types.js').Title} Title */
/** @typedef {import('./types.js').Row} Row */

/**
 * A row at any path of the graph (`lists[i]`, `listsById[id]`, reached
 * through refs): its name, id and up to `maxCards` titles from position `from`.
 * @param {unknown} cache
 * @param {(string | number)[]} path
 * @param {{ index: number, keys: readonly string[], maxCards: number, from?: number }} options
 *   index: the row's position on its page (data-row-index); keys: read on each title
 * @returns {Row | null} null when the row's name is not in the cache
 */
export function readRow(cache, path, { index, keys, maxCards, from = 0 }) {
  const row = readBranch(cache, path);
  const name = readPathFrom(cache, row, ['name']);
  if (typeof name !== 'string') return null;
  const id = readPathFrom(cache, row, ['id']);
  const length = readPathFrom(cache, row, ['length']);
  return {
    index,
    id: typeof id === 'string' ? id : String(index),
    name,
    titles: titlesOf(cache, row, length, { keys, maxCards, from }),
  };
}

/**
 * The titles a list refers to at positions from, from + 1, …
 * @param {unknown} cache
 * @param {(string | number)[]} path where the refs to the titles sit
 * @param {unknown} length the list's length, when known
 * @param {{ keys: readonly string[], maxCards: number, from?: number }} options
 * @returns {Title[]}
 */
export function readTitles(cache, path, length, options) {
  return titlesOf(cache, readBranch(cache, path), length, options);
}

/**
 * @param {unknown} cache
 * @param {(string | number)[]} path the title, or a ref to it
 * @param {string} id
 * @param {readonly string[]} keys
 * @returns {Title | null} null when the title's name is not in the cache
 */
export function readTitle(cache, path, id, keys) {
  return titleOf(cache, readBranch(cache, path), id, keys);
}

// Pitfall: each of a card's keys read from the graph's root walked lists, the row, the card's ref
// and its title again: about 10 walks a card, 6.5% of the 270-card page's CPU (docs/server-cost.md).
// The row's node and each title's are found once, and their keys read from there.

/**
 * @param {unknown} cache
 * @param {unknown} list the list's branch (readBranch), holding refs to the titles
 * @param {unknown} length
 * @param {{ keys: readonly string[], maxCards: number, from?: number }} options
 * @returns {Title[]}
 */
function titlesOf(cache, list, length, { keys, maxCards, from = 0 }) {
  const end = from + maxCards;
  const stop = typeof length === 'number' ? Math.min(end, length) : end;
  /** @type {Title[]} */
  const titles = [];
  for (let j = from; j < stop; j++) {
    const target = readRefFrom(list, j);
    const title =
      target?.[0] === 'titlesById' ? titleOf(cache, readBranch(cache, target), String(target[1]), keys) : null;
    // A title that failed upstream is left out rather than drawn half-empty.
    if (title) titles.push(title);
  }
  return titles;
}

/**
 * @param {unknown} cache
 * @param {unknown} node the title's branch (readBranch)
 * @param {string} id
 * @param {readonly string[]} keys
 * @returns {Title | null}
 */
function titleOf(cache, node, id, keys) {
  const name = readPathFrom(cache, node, ['name']);
  if (typeof name !== 'string') return null;
  /** @type {Title} */
  const title = { id, name, boxart: `/art/${id}.svg` };
  for (const key of keys) {
    if (key === 'name') continue;
    const value = readPathFrom(cache, node, [key]);
    // Only defined, non-null primitives: the props stay JSON-like and equal on both sides.
    if (value != null && typeof value !== 'object') /** @type {Record<string, unknown>} */ (title)[key] = value;
  }
  return title;
}

/**
 * Whether the cache says the node at `path` does not exist (an empty atom
 * at its `key`), as opposed to not knowing (an upstream error leaves nothing).
 * @param {unknown} cache
 * @param {[string, string]} path e.g. ['titlesById', id]
 * @param {string} key a key the route always answers, e.g. 'name'
 */
export function isMissing(cache, [branch, id], key) {
  const node = /** @type {any} */ (cache)?.[branch];
  const target = node && Object.hasOwn(node, id) ? node[id] : undefined;
  if (target === null || typeof target !== 'object') return false;
  // An empty atom in place of the whole node, or at its key.
  if (target.$type === 'atom') return target.value === undefined;
  return Object.hasOwn(target, key) && readPath(cache, [branch, id, key]) === undefined;
}
