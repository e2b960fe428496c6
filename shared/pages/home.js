// @ts-check
// The home page's data: which JSON Graph paths it needs (the union of the
// paths its components declare) and how its props are read from a cache.
// Server and client both call homeProps on the same serialized cache, so their
// first renders match exactly.
import { readPath, readRef } from '../graph/read.js';
import { TitleRow } from '../components/TitleRow.jsx';
import { TitleCard } from '../components/TitleCard.jsx';
import { TitleDetails } from '../components/TitleDetails.jsx';

/**
 * @typedef {{ id: string, name: string, year?: number, rating?: number,
 *   boxart: string, genre?: string, director?: string, runtime?: number,
 *   mpaa?: string, inMyList?: boolean }} Title
 * @typedef {{ index: number, id: string, name: string, titles: Title[] }} Row
 * @typedef {{ rowCount: number, rows: (Row | null)[], myList: Row | null }} HomeProps
 * @typedef {(string | number | string[] | { from: number, to: number })[]} PathSet
 */

/** Cards per row, server-rendered or loaded later. */
export const CARDS_PER_ROW = 10;

/** data-row-index of the "My list" row: before list 0. */
export const MY_LIST_INDEX = -1;

/** A bound like the server's ranges: a corrupt length must not build a huge page. */
export const MAX_ROWS = 100;

/** Keys read on each row (`lists[i]`). */
export const ROW_KEYS = Object.freeze(unionOf(TitleRow.paths));

/** Keys read on each title a row refers to (`lists[i][j]`): card and its details. */
export const TITLE_KEYS = Object.freeze(unionOf(TitleCard.paths, TitleDetails.paths));

/**
 * Path sets for the row count and the first `atfRows` rows: one model.get,
 * which Falcor batches into one pass over the router.
 * @param {number} atfRows rows rendered on the server (above the fold)
 * @returns {PathSet[]}
 */
export function homeQuery(atfRows) {
  const rows = clampRows(atfRows);
  /** @type {PathSet[]} */
  const query = [['lists', 'length']];
  if (rows > 0) {
    const range = { from: 0, to: rows - 1 };
    query.push(['lists', range, [...ROW_KEYS]]);
    query.push(['lists', range, { from: 0, to: CARDS_PER_ROW - 1 }, [...TITLE_KEYS]]);
  }
  return [...query, ...myListQuery()];
}

/**
 * The "My list" row: always above the fold (it comes first), so always in
 * the server's query; empty positions answer "nothing" in the same pass.
 * @returns {PathSet[]}
 */
export function myListQuery() {
  return [
    ['myList', 'length'],
    ['myList', { from: 0, to: CARDS_PER_ROW - 1 }, [...TITLE_KEYS]],
  ];
}

/**
 * Path sets for one row below the fold, fetched as it nears the viewport.
 * @param {number} index
 * @returns {PathSet[]}
 */
export function rowQuery(index) {
  return [
    ['lists', index, [...ROW_KEYS]],
    ['lists', index, { from: 0, to: CARDS_PER_ROW - 1 }, [...TITLE_KEYS]],
  ];
}

/**
 * Props of the home page: every row, the first `atfRows` read from the cache,
 * the rest null (a placeholder the client fills). A row the cache lacks (an
 * upstream error) is null too, so it becomes a placeholder, not a broken row.
 * @param {unknown} cache a JSON Graph (model.getCache())
 * @param {number} atfRows
 * @returns {HomeProps}
 */
export function homeProps(cache, atfRows) {
  const rowCount = clampRows(readPath(cache, ['lists', 'length']));
  const loaded = Math.min(clampRows(atfRows), rowCount);
  /** @type {(Row | null)[]} */
  const rows = [];
  for (let index = 0; index < rowCount; index++) {
    rows.push(index < loaded ? rowProps(cache, index) : null);
  }
  return { rowCount, rows, myList: myListProps(cache) };
}

/**
 * One row read from a cache, or null when its name is not there.
 * @param {unknown} cache
 * @param {number} index
 * @returns {Row | null}
 */
export function rowProps(cache, index) {
  return readRow(cache, ['lists', index], index, CARDS_PER_ROW);
}

/**
 * A row at any path of the graph (`lists[i]`, `listsById[id]`, reached
 * through refs): its name, id and up to `maxCards` titles.
 * @param {unknown} cache
 * @param {(string | number)[]} path
 * @param {number} index the row's position on its page (data-row-index)
 * @param {number} maxCards
 * @returns {Row | null}
 */
export function readRow(cache, path, index, maxCards) {
  const name = readPath(cache, [...path, 'name']);
  if (typeof name !== 'string') return null;
  const id = readPath(cache, [...path, 'id']);
  const length = readPath(cache, [...path, 'length']);
  return {
    index,
    id: typeof id === 'string' ? id : String(index),
    name,
    titles: readTitles(cache, path, length, maxCards),
  };
}

/**
 * The "My list" row: the visitor's newest titles, or null when the list is
 * empty (no empty row). Its data-row-index is -1: it sits before list 0, so
 * row order and index order agree.
 * @param {unknown} cache
 * @returns {Row | null}
 */
export function myListProps(cache) {
  const titles = readTitles(cache, ['myList'], readPath(cache, ['myList', 'length']), CARDS_PER_ROW);
  return titles.length > 0 ? { index: MY_LIST_INDEX, id: 'my-list', name: 'My List', titles } : null;
}

/**
 * @param {unknown} cache
 * @param {(string | number)[]} path where the refs to the titles sit, at 0, 1, …
 * @param {unknown} length
 * @param {number} maxCards
 * @returns {Title[]}
 */
function readTitles(cache, path, length, maxCards) {
  const count = Math.min(maxCards, typeof length === 'number' ? length : maxCards);
  /** @type {Title[]} */
  const titles = [];
  for (let j = 0; j < count; j++) {
    const at = [...path, j];
    const target = readRef(cache, at);
    const title = target?.[0] === 'titlesById' ? readTitle(cache, at, String(target[1]), TITLE_KEYS) : null;
    // A title that failed upstream is left out rather than drawn half-empty.
    if (title) titles.push(title);
  }
  return titles;
}

/**
 * @param {unknown} cache
 * @param {(string | number)[]} path the title, or a ref to it
 * @param {string} id
 * @param {readonly string[]} keys
 * @returns {Title | null}
 */
export function readTitle(cache, path, id, keys) {
  const name = readPath(cache, [...path, 'name']);
  if (typeof name !== 'string') return null;
  /** @type {Title} */
  const title = { id, name, boxart: `/art/${id}.svg` };
  for (const key of keys) {
    if (key === 'name') continue;
    const value = readPath(cache, [...path, key]);
    // Only defined, non-null primitives: the props stay JSON-like and equal on both sides.
    if (value != null && typeof value !== 'object') /** @type {any} */ (title)[key] = value;
  }
  return title;
}

/** @param {unknown} value */
function clampRows(value) {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.floor(value) : 0;
  return Math.max(0, Math.min(MAX_ROWS, n));
}

/**
 * @param {...readonly string[]} lists
 * @returns {string[]} keys in first-seen order, each once
 */
function unionOf(...lists) {
  return [...new Set(lists.flat())];
}
