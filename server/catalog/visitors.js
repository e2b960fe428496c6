// @ts-check
// Per-visitor data (my list, ratings), in memory. Bounded on purpose: a load
// test with random visitor ids must not grow the process until it dies.

/**
 * @typedef {object} Visitor
 * @property {string[]} myList title ids, newest first
 * @property {Map<string, number>} ratings title id → 1..5, oldest first
 */
/** @typedef {{ myList: readonly string[], ratings: ReadonlyMap<string, number> }} VisitorView */

/**
 * @param {{ maxVisitors?: number, maxListLength?: number, trimListTo?: number }} [limits]
 *   maxListLength and trimListTo apply to each visitor's my list and ratings alike
 */
export function createVisitorStore({ maxVisitors = 100_000, maxListLength = 500, trimListTo = 400 } = {}) {
  // A Map iterates in insertion order, so re-inserting on every write makes
  // its first key the least recently written visitor: an LRU for free.
  /** @type {Map<string, Visitor>} */
  const visitors = new Map();

  /** Reads never create a visitor: looking is free, only writes cost memory. */
  /** @type {VisitorView} */
  const EMPTY = Object.freeze({ myList: Object.freeze([]), ratings: new Map() });

  /** @param {string} vid @returns {VisitorView} */
  function peek(vid) {
    return visitors.get(vid) ?? EMPTY;
  }

  /** @param {string} vid @returns {Visitor} */
  function touch(vid) {
    let visitor = visitors.get(vid);
    if (visitor) visitors.delete(vid);
    else visitor = { myList: [], ratings: new Map() };
    visitors.set(vid, visitor);
    if (visitors.size > maxVisitors) visitors.delete(visitors.keys().next().value);
    return visitor;
  }

  return {
    /** @param {string} vid @returns {readonly string[]} */
    myList(vid) {
      return peek(vid).myList;
    },
    /** Adds at the front; adding a title already there leaves it in place. */
    add(/** @type {string} */ vid, /** @type {string} */ titleId) {
      const visitor = touch(vid);
      if (!visitor.myList.includes(titleId)) {
        visitor.myList.unshift(titleId);
        // Trim in steps, not one by one, so a full list is not re-sliced on every add.
        if (visitor.myList.length > maxListLength) visitor.myList.length = trimListTo;
      }
      return visitor.myList;
    },
    remove(/** @type {string} */ vid, /** @type {string} */ titleId) {
      const visitor = visitors.get(vid);
      if (!visitor) return EMPTY.myList;
      const at = visitor.myList.indexOf(titleId);
      if (at !== -1) visitor.myList.splice(at, 1);
      return visitor.myList;
    },
    /** @param {string} vid @param {readonly string[]} titleIds @returns {Map<string, number | null>} */
    ratings(vid, titleIds) {
      const { ratings } = peek(vid);
      return new Map(titleIds.map((id) => [id, ratings.get(id) ?? null]));
    },
    /** @param {string} vid @param {string} titleId @param {number | null} rating null clears */
    rate(vid, titleId, rating) {
      if (rating === null) {
        visitors.get(vid)?.ratings.delete(titleId);
        return;
      }
      const { ratings } = touch(vid);
      ratings.delete(titleId); // re-inserted below as the newest
      ratings.set(titleId, rating);
      if (ratings.size > maxListLength) {
        for (const oldest of [...ratings.keys()].slice(0, ratings.size - trimListTo)) ratings.delete(oldest);
      }
    },
    get size() {
      return visitors.size;
    },
  };
}
