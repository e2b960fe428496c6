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
 *   mpaa?: string }} Title
 * @typedef {{ index: number, id: string, name: string, titles: Title[] }} Row
 * @typedef {{ rowCount: number, rows: (Row | null)[] }} HomeProps
 * @typedef {(string | number | string[] | { from: number, to: number })[]} PathSet
 */

/** Cards per row, server-rendered or loaded later. */
export const CARDS_PER_ROW = 10;

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
  if (rows === 0) return query;
  const range = { from: 0, to: rows - 1 };
  query.push(['lists', range, [...ROW_KEYS]]);
  query.push(['lists', range, { from: 0, to: CARDS_PER_ROW - 1 }, [...TITLE_KEYS]]);
  return query;
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
  return { rowCount, rows };
}

/**
 * One row read from a cache, or null when its name is not there.
 * @param {unknown} cache
 * @param {number} index
 * @returns {Row | null}
 */
export function rowProps(cache, index) {
  const name = readPath(cache, ['lists', index, 'name']);
  if (typeof name !== 'string') return null;
  const id = readPath(cache, ['lists', index, 'id']);
  const length = readPath(cache, ['lists', index, 'length']);
  const count = Math.min(CARDS_PER_ROW, typeof length === 'number' ? length : CARDS_PER_ROW);
  /** @type {Title[]} */
  const titles = [];
  for (let j = 0; j < count; j++) {
    const title = titleProps(cache, ['lists', index, j]);
    // A title that failed upstream is left out rather than drawn half-empty.
    if (title) titles.push(title);
  }
  return { index, id: typeof id === 'string' ? id : String(index), name, titles };
}

/**
 * @param {unknown} cache
 * @param {(string | number)[]} path where the ref to the title sits
 * @returns {Title | null}
 */
function titleProps(cache, path) {
  const target = readRef(cache, path);
  const id = target?.[0] === 'titlesById' ? String(target[1]) : undefined;
  const name = readPath(cache, [...path, 'name']);
  if (!id || typeof name !== 'string') return null;
  /** @type {Title} */
  const title = { id, name, boxart: `/art/${id}.svg` };
  for (const key of TITLE_KEYS) {
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
