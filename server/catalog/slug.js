// @ts-check
// Title ids are slugs of name and year ("the-land-girls-1998"): readable in
// URLs and logs, and stable for a given data file because duplicates are
// numbered in file order. The id rules themselves (the slug, the longest id)
// are the contract's, shared with the app through shared/ids.js.
import { MAX_TITLE_ID_LENGTH, slugify } from '../../shared/ids.js';

/** Hands out unique ids; a second "Hamlet (2000)" becomes "hamlet-2000-2". */
export function createIdAllocator() {
  /** @type {Set<string>} */
  const taken = new Set();
  return {
    /** @param {string} name @param {number} year */
    allocate(name, year) {
      // Room for "-<year>" and a "-<n>" suffix keeps every id within the contract's length.
      const base =
        slugify(name)
          .slice(0, MAX_TITLE_ID_LENGTH - 12)
          .replace(/-+$/, '') || 'untitled';
      let id = `${base}-${year}`;
      for (let n = 2; taken.has(id); n++) id = `${base}-${year}-${n}`;
      taken.add(id);
      return id;
    },
  };
}
