// @ts-check
// Visitors' lists and ratings in memory (VISITOR_STORE=memory): gone with the
// process, which is what tests and workshop exercises that must start clean
// want. Same limits and refusals as the database: a full list refuses the
// next add, and past MAX_MEMORY_VISITORS a new visitor's first write is
// refused; nothing kept is ever deleted to make room.
import { HttpError, ListFullError } from '../errors.js';
import { MAX_MEMORY_VISITORS, MAX_MY_LIST } from './limits.js';
import { createWriteStats } from './write-stats.js';

/** @typedef {{ myList: string[], ratings: Map<string, number> }} Visitor */

/**
 * @param {{ maxVisitors?: number, maxListLength?: number, logError?: (message: string) => void }} [options]
 * @returns {import('./index.js').ImmediateVisitorStore}
 */
export function createMemoryStore({
  maxVisitors = MAX_MEMORY_VISITORS,
  maxListLength = MAX_MY_LIST,
  logError = console.error,
} = {}) {
  /** @type {Map<string, Visitor>} */
  const visitors = new Map();
  const stats = createWriteStats({ logError });
  let rows = { myList: 0, ratings: 0 };

  /** Reads never create a visitor: looking is free, only writes cost memory. */
  /** @param {string} vid @returns {Visitor} */
  function visitorToWrite(vid) {
    let visitor = visitors.get(vid);
    if (!visitor) {
      if (visitors.size >= maxVisitors)
        throw new HttpError(503, `visitor store full (${maxVisitors} visitors in memory)`);
      visitor = { myList: [], ratings: new Map() };
      visitors.set(vid, visitor);
    }
    return visitor;
  }

  return {
    kind: 'memory',
    summary: `catalog: visitor store: memory (VISITOR_STORE=memory): empty at start, gone at exit`,
    myList(vid) {
      return [...(visitors.get(vid)?.myList ?? [])];
    },
    add(vid, titleId) {
      return stats.run(() => {
        const visitor = visitors.get(vid);
        if (visitor?.myList.includes(titleId)) return [...visitor.myList];
        if ((visitor?.myList.length ?? 0) >= maxListLength) throw new ListFullError(maxListLength);
        const list = visitorToWrite(vid).myList;
        list.unshift(titleId);
        rows.myList += 1;
        return [...list];
      });
    },
    remove(vid, titleId) {
      const visitor = visitors.get(vid);
      if (!visitor) return [];
      return stats.run(() => {
        const at = visitor.myList.indexOf(titleId);
        if (at !== -1) {
          visitor.myList.splice(at, 1);
          rows.myList -= 1;
        }
        return [...visitor.myList];
      });
    },
    ratings(vid, titleIds) {
      const ratings = visitors.get(vid)?.ratings;
      return new Map(titleIds.map((id) => [id, ratings?.get(id) ?? null]));
    },
    rate(vid, titleId, rating) {
      if (rating === null && !visitors.has(vid)) return;
      stats.run(() => {
        const { ratings } = rating === null ? /** @type {Visitor} */ (visitors.get(vid)) : visitorToWrite(vid);
        const had = ratings.has(titleId);
        if (rating === null) ratings.delete(titleId);
        else ratings.set(titleId, rating);
        rows.ratings += (rating === null ? 0 : 1) - (had ? 1 : 0);
      });
    },
    stats() {
      return {
        kind: 'memory',
        visitors: visitors.size,
        myListRows: rows.myList,
        ratingRows: rows.ratings,
        ...stats.figures(),
      };
    },
    close() {
      visitors.clear();
      rows = { myList: 0, ratings: 0 };
    },
  };
}
