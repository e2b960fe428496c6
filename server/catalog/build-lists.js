// @ts-check
// The rows of the home page, computed once at load: headline lists, then one
// per genre, per decade and per prolific director, each in a sensible order.
import { genreListId, slugify } from '../../shared/ids.js';

/** @typedef {import('./load-data.js').Title} Title */
/** @typedef {{ title: Title, votes: number, worldwideGross: number | null, released: number }} Entry */
/** @typedef {{ id: string, name: string, ids: readonly string[] }} CatalogList */
/** @typedef {(a: Entry, b: Entry) => number} Order */

/** Headline rows are a "top 100", not the whole catalog in another order. */
const HEADLINE_LENGTH = 100;
/** Below this many votes an IMDB rating is a few fans, not a verdict. */
export const TOP_RATED_MIN_VOTES = 25_000;
/** A genre, decade or director row needs this many titles to be worth showing. */
export const MIN_ROW_LENGTH = 10;
/** How many of the most prolific directors get a row. */
const DIRECTOR_ROWS = 4;
/** Votes at which a rating counts as much as the catalog's mean (IMDB's "m"). */
const PRIOR_VOTES = 5_000;

/**
 * @param {readonly Entry[]} entries
 * @returns {CatalogList[]} in display order
 */
export function buildLists(entries) {
  const best = weightedRatingOrder(entries);
  const genres = groupRows(entries, (e) => e.title.genre).sort(biggestFirst);
  const decades = groupRows(entries, (e) => `${Math.floor(e.title.year / 10) * 10}s`).sort(([a], [b]) => compare(b, a));
  const directors = groupRows(entries, (e) => e.title.director)
    .sort(biggestFirst)
    .slice(0, DIRECTOR_ROWS);

  const lists = [
    list('top-rated', 'Top Rated', topRated(entries).slice(0, HEADLINE_LENGTH)),
    list('highest-grossing', 'Highest Grossing', highestGrossing(entries).slice(0, HEADLINE_LENGTH)),
    list('recent', 'New Releases', newest(entries).slice(0, HEADLINE_LENGTH)),
    ...genres.map(([genre, group]) => list(genreListId(slugify(genre)), genre, group.sort(best))),
    ...decades.map(([decade, group]) => list(`decade-${decade}`, `The ${decade}`, group.sort(best))),
    ...directors.map(([director, group]) =>
      list(`director-${slugify(director)}`, `Directed by ${director}`, group.sort(best)),
    ),
  ];
  // "Sci-Fi" and "Sci Fi" in another data file would share an id: keep the
  // first. A small file may have no film with enough votes: no empty rows.
  const seen = new Set();
  return lists.filter((l) => l.ids.length > 0 && !seen.has(l.id) && seen.add(l.id));
}

/** @param {readonly Entry[]} entries */
function topRated(entries) {
  return entries
    .filter((e) => e.title.rating !== null && e.votes >= TOP_RATED_MIN_VOTES)
    .sort((a, b) => ratingOf(b) - ratingOf(a) || b.votes - a.votes || byName(a, b));
}

/** @param {readonly Entry[]} entries */
function highestGrossing(entries) {
  return entries
    .filter((e) => e.worldwideGross !== null && e.worldwideGross > 0)
    .sort((a, b) => grossOf(b) - grossOf(a) || byName(a, b));
}

/** @param {readonly Entry[]} entries */
function newest(entries) {
  return [...entries].sort((a, b) => b.released - a.released || byName(a, b));
}

/**
 * Groups entries by a key, keeping the groups big enough for a row.
 * @param {readonly Entry[]} entries
 * @param {(entry: Entry) => string | null} keyOf null: in no group
 * @returns {[key: string, group: Entry[]][]}
 */
function groupRows(entries, keyOf) {
  /** @type {Map<string, Entry[]>} */
  const groups = new Map();
  for (const entry of entries) {
    const key = keyOf(entry);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return [...groups].filter(([, group]) => group.length >= MIN_ROW_LENGTH);
}

/** @param {[string, Entry[]]} a @param {[string, Entry[]]} b */
function biggestFirst([keyA, a], [keyB, b]) {
  return b.length - a.length || compare(keyA, keyB);
}

/**
 * Best first by IMDB's weighted rating, so a 9.1 from 40 votes does not top a
 * genre; unrated titles go last.
 * @param {readonly Entry[]} entries
 * @returns {Order}
 */
function weightedRatingOrder(entries) {
  const rated = entries.filter((e) => e.title.rating !== null);
  const mean = rated.reduce((sum, e) => sum + ratingOf(e), 0) / Math.max(rated.length, 1);
  /** @type {Map<Entry, number>} */
  const scores = new Map(
    entries.map((e) => [
      e,
      e.title.rating === null ? -Infinity : (e.votes * e.title.rating + PRIOR_VOTES * mean) / (e.votes + PRIOR_VOTES),
    ]),
  );
  // Every entry has its score: the map is made from all of them.
  const score = (/** @type {Entry} */ e) => /** @type {number} */ (scores.get(e));
  return (a, b) => score(b) - score(a) || b.votes - a.votes || byName(a, b);
}

/** A rated entry's rating: only for entries filtered on `rating !== null`. @param {Entry} e */
function ratingOf(e) {
  return /** @type {number} */ (e.title.rating);
}

/** An entry's gross: only for entries filtered on `worldwideGross !== null`. @param {Entry} e */
function grossOf(e) {
  return /** @type {number} */ (e.worldwideGross);
}

/** @type {Order} */
function byName(a, b) {
  return compare(a.title.name, b.title.name) || compare(a.title.id, b.title.id);
}

/** @param {string} a @param {string} b */
function compare(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * @param {string} id
 * @param {string} name
 * @param {readonly Entry[]} entries in display order
 * @returns {CatalogList}
 */
function list(id, name, entries) {
  return Object.freeze({ id, name, ids: Object.freeze(entries.map((e) => e.title.id)) });
}
