// @ts-check
// Title ids are slugs of name and year ("the-land-girls-1998"): readable in
// URLs and logs, and stable for a given data file because duplicates are
// numbered in file order.

/** The contract's id shape: `[a-z0-9-]{1,80}`. */
export const MAX_ID_LENGTH = 80;

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

/** Hands out unique ids; a second "Hamlet (2000)" becomes "hamlet-2000-2". */
export function createIdAllocator() {
  /** @type {Set<string>} */
  const taken = new Set();
  return {
    /** @param {string} name @param {number} year */
    allocate(name, year) {
      // Room for "-<year>" and a "-<n>" suffix keeps every id within 80 chars.
      const base =
        slugify(name)
          .slice(0, MAX_ID_LENGTH - 12)
          .replace(/-+$/, '') || 'untitled';
      let id = `${base}-${year}`;
      for (let n = 2; taken.has(id); n++) id = `${base}-${year}-${n}`;
      taken.add(id);
      return id;
    },
  };
}
