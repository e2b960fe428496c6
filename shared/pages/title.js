// @ts-check
// The title page's data: the JSON Graph paths it needs (the union of its
// components' paths) and its props read from a cache. Server and client both
// call titleProps on the same cache, so their first renders match exactly.
import { readPath } from '../graph/read.js';
import { TitleFacts } from '../components/TitleFacts.jsx';
import { TitleRow } from '../components/TitleRow.jsx';
import { CARDS_PER_ROW, TITLE_KEYS, readTitle, readRow } from './home.js';

/**
 * @typedef {import('./home.js').Title} Title
 * @typedef {import('./home.js').Row} Row
 * @typedef {import('./home.js').PathSet} PathSet
 * @typedef {Title & { tagline?: string, userRating?: number | null }} TitleDetailsProps
 * @typedef {{ id: string, title: TitleDetailsProps | null, rows: Row[] }} TitleProps
 */

/** "More like this" rows asked for (the server answers at most this many). */
export const SIMILAR_ROWS = 2;

/** Keys read on the page's own title: its facts, my-list toggle and rating. */
export const DETAIL_KEYS = Object.freeze([...new Set([...TitleFacts.paths, ...TITLE_KEYS])]);

/**
 * The title alone: enough to answer 404 or 200 and to name the page.
 * @param {string} id
 * @returns {PathSet[]}
 */
export function titleDetailsQuery(id) {
  return [['titlesById', id, [...DETAIL_KEYS]]];
}

/**
 * Everything the page shows. One more card than a row holds: the title itself
 * sits in its own genre's row and is left out.
 * @param {string} id
 * @returns {PathSet[]}
 */
export function titleQuery(id) {
  const rows = { from: 0, to: SIMILAR_ROWS - 1 };
  return [
    ...titleDetailsQuery(id),
    ['titlesById', id, 'moreLikeThis', rows, [...TitleRow.paths]],
    ['titlesById', id, 'moreLikeThis', rows, { from: 0, to: CARDS_PER_ROW }, [...TITLE_KEYS]],
  ];
}

/**
 * @param {unknown} cache a JSON Graph (model.getCache())
 * @param {string} id
 * @returns {TitleProps} title null: the catalog has no such title
 */
export function titleProps(cache, id) {
  const base = ['titlesById', id];
  const title = /** @type {TitleDetailsProps | null} */ (readTitle(cache, base, id, DETAIL_KEYS));
  /** @type {Row[]} */
  const rows = [];
  for (let k = 0; k < SIMILAR_ROWS && title; k++) {
    const row = readRow(cache, [...base, 'moreLikeThis', k], k, CARDS_PER_ROW + 1);
    if (!row) continue;
    const titles = row.titles.filter((t) => t.id !== id).slice(0, CARDS_PER_ROW);
    if (titles.length > 0) rows.push({ ...row, titles });
  }
  return { id, title, rows };
}

/**
 * Whether the cache says the title does not exist (an empty atom at its
 * name), as opposed to not knowing (an upstream error leaves nothing).
 * @param {unknown} cache
 * @param {string} id
 */
export function titleIsMissing(cache, id) {
  const node = /** @type {any} */ (cache)?.titlesById?.[id];
  return Boolean(node && Object.hasOwn(node, 'name') && readPath(cache, ['titlesById', id, 'name']) === undefined);
}
