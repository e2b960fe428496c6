// @ts-check
// The title page (`/title/:id`): a film's facts and the visitor's controls,
// then "more like this" rows. The facts are its head query: the status and
// the document title depend on them, so they are known before the head is
// flushed; the rows follow.
// Pitfall: flushing a 200 head before knowing the resource exists turns
// every missing page into a "soft 404" that crawlers and caches keep.
import { SIMILAR_ROWS, TitlePage } from '../components/TitlePage.jsx';
import { TitleFacts } from '../components/TitleFacts.jsx';
import { TitleRow } from '../components/TitleRow.jsx';
import { TitleCard } from '../components/TitleCard.jsx';
import { isMissing, readRow, readTitle } from '../graph/rows.js';
import { CARDS_PER_ROW } from '../graph/limits.js';
import { listHref } from '../ids.js';

/**
 * @typedef {import('../graph/types.js').Title} Title
 * @typedef {import('../graph/types.js').Row} Row
 * @typedef {import('../graph/types.js').PathSet} PathSet
 * @typedef {Title & { tagline?: string, userRating?: number | null }} TitleDetailsProps
 * @typedef {{
 *   id: string, title: TitleDetailsProps | null, rows: Row[], genreHref: string | null,
 *   state?: 'loading' | 'failed',
 * }} TitleProps
 *   genreHref: the genre's page, when one of the rows is the genre's list; state (client
 *   navigation only): shown from the cache while the rest loads, or what could not be had
 */

/** "More like this" rows asked for: as many as the page shows. */
export { SIMILAR_ROWS };

/** Keys read on the page's own title: its facts, my-list toggle and rating. */
export const DETAIL_KEYS = Object.freeze([...new Set([...TitleFacts.paths, ...TitleCard.paths])]);

export const Component = TitlePage;

/**
 * The title alone: enough to answer 404 or 200 and to name the page.
 * @param {import('./registry.js').Params} params
 * @returns {PathSet[]}
 */
export function headQuery({ id }) {
  return [['titlesById', id, [...DETAIL_KEYS]]];
}

/**
 * Everything the page shows. One more card than a row holds: the title itself
 * sits in its own genre's row and is left out.
 * @param {import('./registry.js').Params} params
 * @returns {PathSet[]}
 */
export function query(params) {
  const rows = { from: 0, to: SIMILAR_ROWS - 1 };
  const { id } = params;
  return [
    ...headQuery(params),
    ['titlesById', id, 'moreLikeThis', rows, [...TitleRow.paths]],
    ['titlesById', id, 'moreLikeThis', rows, { from: 0, to: CARDS_PER_ROW }, [...TitleCard.paths]],
  ];
}

/**
 * @param {unknown} cache a JSON Graph
 * @param {import('./registry.js').Params} params
 * @returns {TitleProps} title null: the catalog has no such title
 */
export function props(cache, { id }) {
  const base = ['titlesById', id];
  const title = /** @type {TitleDetailsProps | null} */ (readTitle(cache, base, id, DETAIL_KEYS));
  /** @type {Row[]} */
  const rows = [];
  for (let k = 0; k < SIMILAR_ROWS && title; k++) {
    const row = readRow(cache, [...base, 'moreLikeThis', k], {
      index: k,
      keys: TitleCard.paths,
      maxCards: CARDS_PER_ROW + 1,
    });
    if (!row) continue;
    const titles = row.titles.filter((t) => t.id !== id).slice(0, CARDS_PER_ROW);
    const href = listHref(row.id);
    if (titles.length > 0) rows.push(href ? { ...row, titles, href } : { ...row, titles });
  }
  // A genre's list is named after the genre and links to its page.
  const genreRow = title?.genre ? rows.find((row) => row.href && row.name === title.genre) : undefined;
  return { id, title, rows, genreHref: genreRow?.href ?? null };
}

/**
 * On a client navigation, what a card already put in the cache (name, year,
 * rating, facts, my-list state) is enough to show the page at once; a title
 * the cache does not know waits for the query (and may be a 404).
 * @param {unknown} cache
 * @param {import('./registry.js').Params} params
 * @returns {TitleProps | null}
 */
export function fromCache(cache, params) {
  const shown = props(cache, params);
  return shown.title ? shown : null;
}

/**
 * What the server needs before it flushes the head, from the head query's
 * answer: the status, the document title and the description.
 * @param {unknown} cache the head query's answer
 * @param {import('./registry.js').Params} params
 * @returns {import('./registry.js').PageHead}
 */
export function head(cache, params) {
  const shown = props(cache, params);
  return { status: status(cache, params), title: documentTitle(shown), description: description(shown) };
}

/**
 * 404 when the catalog says there is no such title; 503 when it could not
 * say (an upstream error leaves nothing in the cache).
 * @param {unknown} cache the head query's answer
 * @param {import('./registry.js').Params} params
 */
function status(cache, { id }) {
  if (readTitle(cache, ['titlesById', id], id, ['name'])) return 200;
  return isMissing(cache, ['titlesById', id], 'name') ? 404 : 503;
}

/** @param {TitleProps} props */
export function documentTitle({ title }) {
  return title ? `${title.name}${title.year ? ` (${title.year})` : ''} · Marquee` : 'Title not found · Marquee';
}

/** @param {TitleProps} props */
export function description({ title }) {
  return title?.tagline ?? (title ? `${title.name}, a film.` : 'There is no film at this address.');
}
