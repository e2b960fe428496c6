// @ts-check
// The genre page (`/genre/:slug`): a genre's best films, three rows of cards,
// all server-rendered (a small page: nothing to load later). Its data is the
// genre's catalog list, `listsById['genre-<slug>']`; an unknown genre is a 404.
// A page small enough to keep its component here; see docs/adding-a-page.md.
import { Masthead } from '../components/Masthead.jsx';
import { TitleRow } from '../components/TitleRow.jsx';
import { TitleCard } from '../components/TitleCard.jsx';
import { readPath } from '../graph/read.js';
import { isMissing, readTitles } from '../graph/rows.js';
import { CARDS_PER_ROW } from '../graph/limits.js';
import { genreListId } from '../ids.js';

/**
 * @typedef {import('../graph/types.js').Row} Row
 * @typedef {import('../graph/types.js').PathSet} PathSet
 * @typedef {{ name: string, length: number, rows: Row[] } | null} GenreProps null: no such genre
 */

/** Rows of cards on the page: its top 30 films. */
export const GENRE_ROWS = 3;

/** @param {{ genre: GenreProps }} props */
export function Component({ genre }) {
  return (
    <div className="genre-page">
      <Masthead home={false} />
      {genre ? (
        <main className="rows">
          <header className="genre">
            <h1 className="genre__name">{genre.name}</h1>
            <p className="genre__count">{`The best ${Math.min(genre.length, GENRE_ROWS * CARDS_PER_ROW)} of ${genre.length} films`}</p>
          </header>
          {genre.rows.map((row) => (
            <TitleRow key={row.id} row={row} eager={row.index === 0} />
          ))}
        </main>
      ) : (
        <main className="not-found">
          <h1>Genre not found</h1>
          <p>There is no genre at this address.</p>
          <p>
            <a href="/">Back to the catalog</a>
          </p>
        </main>
      )}
    </div>
  );
}

/** @param {import('./registry.js').Params} params @returns {PathSet[]} */
export function headQuery({ slug }) {
  return [['listsById', genreListId(slug), [...TitleRow.paths]]];
}

/** @param {import('./registry.js').Params} params @returns {PathSet[]} */
export function query(params) {
  const cards = { from: 0, to: GENRE_ROWS * CARDS_PER_ROW - 1 };
  return [...headQuery(params), ['listsById', genreListId(params.slug), cards, [...TitleCard.paths]]];
}

/**
 * @param {unknown} cache
 * @param {import('./registry.js').Params} params
 * @returns {{ genre: GenreProps }}
 */
export function props(cache, { slug }) {
  const path = ['listsById', genreListId(slug)];
  const name = readPath(cache, [...path, 'name']);
  if (typeof name !== 'string') return { genre: null };
  const length = readPath(cache, [...path, 'length']);
  /** @type {Row[]} */
  const rows = [];
  for (let index = 0; index < GENRE_ROWS; index++) {
    const from = index * CARDS_PER_ROW;
    const titles = readTitles(cache, path, length, { keys: TitleCard.paths, maxCards: CARDS_PER_ROW, from });
    if (titles.length > 0)
      rows.push({ index, id: `${path[1]}-${index}`, name: `${from + 1}–${from + titles.length}`, titles });
  }
  return { genre: { name, length: typeof length === 'number' ? length : 0, rows } };
}

/** 404 when the catalog has no such genre list; 503 when it could not say. */
export function status(/** @type {unknown} */ cache, /** @type {import('./registry.js').Params} */ { slug }) {
  if (typeof readPath(cache, ['listsById', genreListId(slug), 'name']) === 'string') return 200;
  return isMissing(cache, ['listsById', genreListId(slug)], 'name') ? 404 : 503;
}

/** @param {{ genre: GenreProps }} props */
export function documentTitle({ genre }) {
  return genre ? `${genre.name} films · Marquee` : 'Genre not found · Marquee';
}

/** @param {{ genre: GenreProps }} props */
export function description({ genre }) {
  return genre ? `The best ${genre.name.toLowerCase()} films in the catalog.` : 'There is no genre at this address.';
}
