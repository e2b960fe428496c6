// @ts-check
// The genre page (`/genre/:slug`): a genre's best films, three rows of cards,
// all server-rendered (a small page: nothing to load later), and the next 30
// at `/genre/:slug/2`, and so on to the list's end. Its data is the genre's
// catalog list, `listsById['genre-<slug>']`; an unknown genre, or a page past
// the list's end, is a 404.
// A page small enough to keep its component here; see docs/adding-a-page.md.
import { Masthead } from '../components/Masthead.jsx';
import { NotFound } from '../components/NotFound.jsx';
import { TitleRow } from '../components/TitleRow.jsx';
import { TitleCard } from '../components/TitleCard.jsx';
import { readPath } from '../graph/read.js';
import { isMissing, readTitles } from '../graph/rows.js';
import { CARDS_PER_ROW } from '../graph/limits.js';
import { genreListId } from '../ids.js';

/**
 * @typedef {import('../graph/types.js').Row} Row
 * @typedef {import('../graph/types.js').PathSet} PathSet
 * @typedef {{ slug: string, name: string, length: number, page: number, rows: Row[] } | null} GenreProps
 *   null: no such genre; page: 1 for `/genre/:slug`
 */

/** Rows of cards on the page. */
export const GENRE_ROWS = 3;
/** Films on one page: 30. */
export const GENRE_PAGE_SIZE = GENRE_ROWS * CARDS_PER_ROW;

/** @param {import('./registry.js').Params} params @returns {number} 1 for `/genre/:slug` */
const pageOf = ({ page }) => (page ? Number(page) : 1);
/** @param {string} slug @param {number} page */
const pageHref = (slug, page) => (page === 1 ? `/genre/${slug}` : `/genre/${slug}/${page}`);
/** "31–60", the films of a page by their place in the list. */
const placesOf = (/** @type {number} */ page, /** @type {number} */ length) =>
  `${(page - 1) * GENRE_PAGE_SIZE + 1}–${Math.min(length, page * GENRE_PAGE_SIZE)}`;

/** @param {{ genre: GenreProps }} props */
export function Component({ genre }) {
  return (
    <div className="genre-page">
      <Masthead home={false} />
      {genre ? (
        <main className="rows">
          <header className="genre">
            <h1 className="genre__name">{genre.name}</h1>
            <p className="genre__count">
              {genre.page === 1
                ? `The best ${Math.min(genre.length, GENRE_PAGE_SIZE)} of ${genre.length} films`
                : `Films ${placesOf(genre.page, genre.length)} of ${genre.length}, best first`}
            </p>
          </header>
          {genre.rows.map((row) => (
            <TitleRow key={row.id} row={row} eager={row.index === 0} />
          ))}
          <Pager genre={genre} />
        </main>
      ) : (
        <NotFound what="Genre" noun="genre" as="main" />
      )}
    </div>
  );
}

/** @param {import('./registry.js').Params} params @returns {PathSet[]} */
export function headQuery({ slug }) {
  return [['listsById', genreListId(slug), [...TitleRow.paths]]];
}

/**
 * Links to the pages before and after this one, where there are films.
 * @param {{ genre: NonNullable<GenreProps> }} props
 */
function Pager({ genre }) {
  const { slug, name, length, page } = genre;
  const last = Math.ceil(length / GENRE_PAGE_SIZE);
  if (last <= 1) return null;
  return (
    <nav className="pager" aria-label={`More ${name.toLowerCase()} films`}>
      {page > 1 ? (
        <a className="pager__link" rel="prev" href={pageHref(slug, page - 1)}>
          {`← Films ${placesOf(page - 1, length)}`}
        </a>
      ) : (
        <span />
      )}
      {page < last ? (
        <a className="pager__link" rel="next" href={pageHref(slug, page + 1)}>
          {`Films ${placesOf(page + 1, length)} →`}
        </a>
      ) : null}
    </nav>
  );
}

/** @param {import('./registry.js').Params} params @returns {PathSet[]} */
export function query(params) {
  const from = (pageOf(params) - 1) * GENRE_PAGE_SIZE;
  const cards = { from, to: from + GENRE_PAGE_SIZE - 1 };
  return [...headQuery(params), ['listsById', genreListId(params.slug), cards, [...TitleCard.paths]]];
}

/**
 * @param {unknown} cache
 * @param {import('./registry.js').Params} params
 * @returns {{ genre: GenreProps }}
 */
export function props(cache, params) {
  const path = ['listsById', genreListId(params.slug)];
  const name = readPath(cache, [...path, 'name']);
  if (typeof name !== 'string') return { genre: null };
  const length = readPath(cache, [...path, 'length']);
  const page = pageOf(params);
  /** @type {Row[]} */
  const rows = [];
  for (let index = 0; index < GENRE_ROWS; index++) {
    const from = (page - 1) * GENRE_PAGE_SIZE + index * CARDS_PER_ROW;
    const titles = readTitles(cache, path, length, { keys: TitleCard.paths, maxCards: CARDS_PER_ROW, from });
    if (titles.length > 0)
      rows.push({ index, id: `${path[1]}-${page}-${index}`, name: `${from + 1}–${from + titles.length}`, titles });
  }
  return { genre: { slug: params.slug, name, length: typeof length === 'number' ? length : 0, page, rows } };
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

/** 404 when the catalog has no such genre list, or the page starts past its end; 503 when the catalog could not say. */
function status(/** @type {unknown} */ cache, /** @type {import('./registry.js').Params} */ params) {
  const path = /** @type {[string, string]} */ (['listsById', genreListId(params.slug)]);
  if (typeof readPath(cache, [...path, 'name']) !== 'string') return isMissing(cache, path, 'name') ? 404 : 503;
  const length = readPath(cache, [...path, 'length']);
  if (typeof length !== 'number') return 503;
  return (pageOf(params) - 1) * GENRE_PAGE_SIZE < length ? 200 : 404;
}

/** @param {{ genre: GenreProps }} props */
export function documentTitle({ genre }) {
  if (!genre) return 'Genre not found · Marquee';
  return genre.page === 1 ? `${genre.name} films · Marquee` : `${genre.name} films, page ${genre.page} · Marquee`;
}

/** @param {{ genre: GenreProps }} props */
export function description({ genre }) {
  if (!genre) return 'There is no genre at this address.';
  const films = `${genre.name.toLowerCase()} films`;
  return genre.page === 1
    ? `The best ${films} in the catalog.`
    : `The catalog's ${films} ${placesOf(genre.page, genre.length)}, best first.`;
}
