// @ts-check
// The home page (`/`): the visitor's "My List" row, then the catalog's rows,
// the first `rows` of them read on the server and the rest placeholders the
// client fills near the viewport. Its query is the union of the paths its
// components declare.
// Pitfall: rendering the whole page on the server costs CPU per request and
// delays the tail (Netflix, "Making Netflix.com Faster", 2015) (perf/exercises/05-above-the-fold).
import { HomePage } from '../components/HomePage.jsx';
import { TitleRow } from '../components/TitleRow.jsx';
import { TitleCard } from '../components/TitleCard.jsx';
import { readPath } from '../graph/read.js';
import { readRow, readTitles } from '../graph/rows.js';
import { CARDS_PER_ROW, clampRows } from '../graph/limits.js';
import { listHref } from '../ids.js';

/**
 * @typedef {import('../graph/types.js').Row} Row
 * @typedef {import('../graph/types.js').PathSet} PathSet
 * @typedef {{ rowCount: number, rows: (Row | null)[], myList: Row | null }} HomeProps
 */

/** data-row-index of the "My list" row: before list 0. */
export const MY_LIST_INDEX = -1;

export const Component = HomePage;

/**
 * ATF_ROWS=all needs the row count before the rows: one more round trip.
 * @param {import('./registry.js').Params} _params
 * @param {import('./registry.js').PageOptions} options
 * @returns {PathSet[]}
 */
export function headQuery(_params, { rows }) {
  return rows === 'all' ? [['lists', 'length']] : [];
}

/**
 * ATF_ROWS=all: the rows asked for depend on the head's row count.
 * @param {import('./registry.js').PageOptions} options
 */
export function queryWaitsForHead({ rows }) {
  return rows === 'all';
}

/**
 * Path sets for the row count, the first `rows` rows and My List: one
 * router pass, which batches them.
 * @param {import('./registry.js').Params} _params
 * @param {import('./registry.js').PageOptions} options
 * @param {unknown} [head] the head query's answer (for rows: 'all')
 * @returns {PathSet[]}
 */
export function query(_params, { rows }, head) {
  const count = clampRows(rows === 'all' ? readPath(head, ['lists', 'length']) : rows);
  /** @type {PathSet[]} */
  const paths = [['lists', 'length']];
  if (count > 0) {
    const range = { from: 0, to: count - 1 };
    paths.push(['lists', range, [...TitleRow.paths]]);
    paths.push(['lists', range, { from: 0, to: CARDS_PER_ROW - 1 }, [...TitleCard.paths]]);
  }
  return [...paths, ...myListQuery()];
}

/**
 * The "My list" row: always above the fold (it comes first), so always in
 * the server's query; empty positions answer "nothing" in the same pass.
 * @returns {PathSet[]}
 */
export function myListQuery() {
  return [
    ['myList', 'length'],
    ['myList', { from: 0, to: CARDS_PER_ROW - 1 }, [...TitleCard.paths]],
  ];
}

/**
 * Path sets for one row below the fold, fetched as it nears the viewport.
 * @param {number} index
 * @returns {PathSet[]}
 */
export function rowQuery(index) {
  return [
    ['lists', index, [...TitleRow.paths]],
    ['lists', index, { from: 0, to: CARDS_PER_ROW - 1 }, [...TitleCard.paths]],
  ];
}

/**
 * Every row, the first `rows` read from the cache, the rest null (a
 * placeholder the client fills). A row the cache lacks (an upstream error) is
 * null too, so it becomes a placeholder, not a broken row.
 * @param {unknown} cache a JSON Graph
 * @param {import('./registry.js').Params} _params
 * @param {import('./registry.js').PageOptions} options
 * @returns {HomeProps}
 */
export function props(cache, _params, { rows }) {
  const rowCount = clampRows(readPath(cache, ['lists', 'length']));
  const loaded = rows === 'all' ? rowCount : Math.min(clampRows(rows), rowCount);
  /** @type {(Row | null)[]} */
  const list = [];
  for (let index = 0; index < rowCount; index++) list.push(index < loaded ? rowProps(cache, index) : null);
  return { rowCount, rows: list, myList: myListProps(cache) };
}

/**
 * Back home shows the rows in the cache at once. My List, invalidated by a
 * change on another page, is shown as it was last (the visitor's changes
 * are laid over it) until it has been fetched again.
 * @param {unknown} cache
 * @param {import('./registry.js').Params} params
 * @param {import('./registry.js').PageOptions} options
 * @param {HomeProps} [previous]
 * @returns {HomeProps | null}
 */
export function fromCache(cache, params, options, previous) {
  const shown = props(cache, params, options);
  if (shown.rowCount === 0) return null;
  return shown.myList || !previous ? shown : { ...shown, myList: previous.myList };
}

export function documentTitle() {
  return 'Marquee · Films to watch';
}

/**
 * What the server needs before it flushes the head: the home page always
 * exists, and its title and description depend on no data.
 * @returns {import('./registry.js').PageHead}
 */
export function head() {
  return { status: 200, title: documentTitle(), description: description() };
}

export function description() {
  return 'Rows of films to browse: top rated, highest grossing, by genre, decade and director.';
}

/**
 * One row read from a cache, or null when its name is not there; a genre's
 * row links to its genre page.
 * @param {unknown} cache
 * @param {number} index
 * @returns {Row | null}
 */
export function rowProps(cache, index) {
  const row = readRow(cache, ['lists', index], { index, keys: TitleCard.paths, maxCards: CARDS_PER_ROW });
  const href = row && listHref(row.id);
  return href ? { ...row, href } : row;
}

/**
 * The "My list" row: the visitor's newest titles, or null when the list is
 * empty (no empty row). Its data-row-index is -1: it sits before list 0, so
 * row order and index order agree.
 * @param {unknown} cache
 * @returns {Row | null}
 */
export function myListProps(cache) {
  const length = readPath(cache, ['myList', 'length']);
  const titles = readTitles(cache, ['myList'], length, { keys: TitleCard.paths, maxCards: CARDS_PER_ROW });
  return titles.length > 0 ? { index: MY_LIST_INDEX, id: 'my-list', name: 'My List', titles } : null;
}
