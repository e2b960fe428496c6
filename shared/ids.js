// @ts-check
// The id shapes the app, the browser and the catalog agree on (the contract in
// docs/contracts.md), written once. Both processes import them from here and
// never from each other: the catalog stays a service a starter can replace.

/** Longest title id: a slug of name and year. */
export const MAX_TITLE_ID_LENGTH = 80;

/** A title id: `the-land-girls-1998`. */
export const TITLE_ID = /^[a-z0-9-]{1,80}$/;

/** A list id: `top-rated`, `genre-drama`, `director-steven-spielberg`. */
export const LIST_ID = /^[a-z0-9-]{1,100}$/;

/** A visitor id as the catalog accepts it (the app's own cookie ids are a subset). */
export const VISITOR_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** A genre's slug in a page address: `/genre/science-fiction`. */
export const GENRE_SLUG = /^[a-z0-9-]{1,80}$/;

/** A genre page after the first, in its address: `/genre/drama/2` (2 to 999; page 1 is `/genre/drama`). */
export const GENRE_PAGE = /^(?:[2-9]|[1-9][0-9]{1,2})$/;

/** Genre lists are the lists whose id is this prefix and the genre's slug. */
export const GENRE_LIST_PREFIX = 'genre-';

/**
 * @param {string} text
 * @returns {string} lower-case ASCII words joined by '-', possibly ''
 */
export function slugify(text) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents split off by NFKD: "é" → "e"
    .toLowerCase()
    .replace(/['’]/g, '') // "let's" → "lets", not "let-s"
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The list id behind a genre page, e.g. `genre-drama` for `drama`.
 * @param {string} slug
 */
export function genreListId(slug) {
  return `${GENRE_LIST_PREFIX}${slug}`;
}

/**
 * The genre page of a list, when the list is a genre's (`genre-drama` →
 * `/genre/drama`), else null.
 * @param {string} listId
 * @returns {string | null}
 */
export function listHref(listId) {
  return listId.startsWith(GENRE_LIST_PREFIX) && listId.length > GENRE_LIST_PREFIX.length
    ? `/genre/${listId.slice(GENRE_LIST_PREFIX.length)}`
    : null;
}
