// @ts-check
// The rows of the home page, computed once at load: headline lists, then one
// per genre, per decade and per prolific director, each in a sensible order.
import { slugify } from './slug.js';

/** @typedef {import('./load-data.js').Title} Title */
/** @typedef {{ title: Title, votes: number, worldwideGross: number | null, released: number }} Entry */
/** @typedef {{ id: string, name: string, ids: readonly string[] }} CatalogList */

/** Headline rows are a "top 100", not the whole catalog in another order. */
const HEADLINE_LENGTH = 100;
/** Below this many votes an IMDB rating is a few fans, not a verdict. */
export const TOP_RATED_MIN_VOTES = 25_000;
/** A genre or decade row needs this many titles to be worth showing. */
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
  const byWeightedRating = weightedRatingOrder(entries);
  const lists = [
    list('top-rated', 'Top Rated', entries
      .filter((e) => e.title.rating !== null && e.votes >= TOP_RATED_MIN_VOTES)
      .sort((a, b) => b.title.rating - a.title.rating || b.votes - a.votes || byName(a, b))
      .slice(0, HEADLINE_LENGTH)),
    list('highest-grossing', 'Highest Grossing', entries
      .filter((e) => e.worldwideGross !== null && e.worldwideGross > 0)
      .sort((a, b) => b.worldwideGross - a.worldwideGross || byName(a, b))
      .slice(0, HEADLINE_LENGTH)),
    list('recent', 'New Releases', [...entries]
      .sort((a, b) => b.released - a.released || byName(a, b))
      .slice(0, HEADLINE_LENGTH)),
    ...groupRows(entries, (e) => e.title.genre, (genre) => [`genre-${slugify(genre)}`, genre])
      .sort((a, b) => b.entries.length - a.entries.length || compare(a.key, b.key))
      .map((row) => list(row.id, row.name, row.entries.sort(byWeightedRating))),
    ...groupRows(entries, (e) => `${Math.floor(e.title.year / 10) * 10}s`, (decade) => [`decade-${decade}`, `The ${decade}`])
      .sort((a, b) => compare(b.key, a.key))
      .map((row) => list(row.id, row.name, row.entries.sort(byWeightedRating))),
    ...groupRows(entries, (e) => e.title.director, (director) => [`director-${slugify(director)}`, `Directed by ${director}`])
      .sort((a, b) => b.entries.length - a.entries.length || compare(a.key, b.key))
      .slice(0, DIRECTOR_ROWS)
      .map((row) => list(row.id, row.name, row.entries.sort(byWeightedRating))),
  ];
  // "Sci-Fi" and "Sci Fi" in another data file would share an id: keep the
  // first. A small file may have no film with enough votes: no empty rows.
  const seen = new Set();
  return lists.filter((l) => l.ids.length > 0 && !seen.has(l.id) && seen.add(l.id));
}

/**
 * Groups entries by a key and keeps the groups big enough for a row.
 * @param {readonly Entry[]} entries
 * @param {(entry: Entry) => string | null} keyOf
 * @param {(key: string) => [id: string, name: string]} describe
 */
function groupRows(entries, keyOf, describe) {
  /** @type {Map<string, Entry[]>} */
  const groups = new Map();
  for (const entry of entries) {
    const key = keyOf(entry);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return [...groups]
    .filter(([, group]) => group.length >= MIN_ROW_LENGTH)
    .map(([key, group]) => {
      const [id, name] = describe(key);
      return { key, id, name, entries: group };
    });
}

/**
 * Best first by IMDB's weighted rating, so a 9.1 from 40 votes does not top a
 * genre; unrated titles go last.
 * @param {readonly Entry[]} entries
 * @returns {(a: Entry, b: Entry) => number}
 */
function weightedRatingOrder(entries) {
  const rated = entries.filter((e) => e.title.rating !== null);
  const mean = rated.reduce((sum, e) => sum + e.title.rating, 0) / Math.max(rated.length, 1);
  /** @param {Entry} e */
  const score = (e) => e.title.rating === null
    ? -Infinity
    : (e.votes * e.title.rating + PRIOR_VOTES * mean) / (e.votes + PRIOR_VOTES);
  return (a, b) => score(b) - score(a) || b.votes - a.votes || byName(a, b);
}

/** @param {Entry} a @param {Entry} b */
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
 * @param {readonly Entry[]} entries
 * @returns {CatalogList}
 */
function list(id, name, entries) {
  return Object.freeze({ id, name, ids: Object.freeze(entries.map((e) => e.title.id)) });
}
