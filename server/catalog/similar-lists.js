// @ts-check
// Which lists hold "more like this" for a title: its genre's list and its
// director's list when the catalog has them (list ids are slugs: see
// docs/contracts.md), else its decade's. Pure: the route reads, this picks.
// The catalog owns the rule so that one call can answer a title's rows with
// their titles (GET /more-like-this), instead of the app learning
// the title, then the lists, then their titles, one round trip each.
import { genreListId, slugify } from '../../shared/ids.js';

/** Rows of "more like this" a title gets, at most. */
export const MAX_SIMILAR_LISTS = 2;

/**
 * @param {{ genre?: string | null, director?: string | null, year?: number | null }} title
 * @param {{ has: (id: string) => boolean }} lists the catalog's lists, by id
 * @returns {string[]} list ids, best first, at most MAX_SIMILAR_LISTS
 */
export function similarListIds(title, lists) {
  const wanted = [];
  if (title.genre) wanted.push(genreListId(slugify(title.genre)));
  if (title.director) wanted.push(`director-${slugify(title.director)}`);
  const found = wanted.filter((id) => lists.has(id));
  // A film without a genre row (many have none) still gets a row to browse.
  if (found.length === 0 && Number.isInteger(title.year)) {
    const decade = `decade-${Math.floor(/** @type {number} */ (title.year) / 10) * 10}s`;
    if (lists.has(decade)) found.push(decade);
  }
  return found.slice(0, MAX_SIMILAR_LISTS);
}
