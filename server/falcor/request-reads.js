// @ts-check
/**
 * The catalog reads of one router (one request), through the process-wide
 * clients: each call told to the request's trace (server/upstream/trace.js),
 * and what one answer already brought along never asked again. A title's
 * "more like this" answer carries its lists' ids and titles, so the router's
 * next two passes (listsById, then titlesById) find them here; the rows'
 * heads carry their titles the same way.
 * Pitfall: one upstream round trip per level of references the router
 * follows (title → lists → titles: three sequential waits for one row).
 * Nothing here outlives the request: the next one asks the catalog again.
 */
import { CARDS_PER_ROW } from '../../shared/graph/limits.js';

/** @typedef {import('../upstream/lists.js').ListSummary} ListSummary */
/** @typedef {import('../upstream/titles.js').Title} Title */
/** @typedef {import('../upstream/titles.js').ListPart} ListPart */

/**
 * Positions of each "more like this" row fetched with it: the title page
 * reads 0..CARDS_PER_ROW (one card more than a row shows: the title itself
 * may be among them; shared/pages/title.js).
 */
export const SIMILAR_POSITIONS = Object.freeze({ from: 0, to: CARDS_PER_ROW });

/**
 * @param {{ clients: import('../upstream/index.js').CatalogClients, sink?: import('../upstream/trace.js').CallSink }} deps
 */
export function createRequestReads({ clients, sink }) {
  /** @type {Map<string, Title>} */
  const knownTitles = new Map();
  /** @type {Map<string, ListPart>} */
  const knownLists = new Map();

  return {
    /** Every list, in display order. @returns {Promise<readonly ListSummary[]>} */
    lists: () => clients.lists.all(sink),

    /**
     * The lists of these ids (undefined: no such list); without a call when
     * an earlier answer of this request named them all.
     * @param {readonly string[]} ids
     * @returns {Promise<Map<string, ListSummary | undefined>>}
     */
    async listsById(ids) {
      if (ids.every((id) => knownLists.has(id))) return new Map(ids.map((id) => [id, knownLists.get(id)]));
      const all = await clients.lists.all(sink);
      return new Map(ids.map((id) => [id, all.find((list) => list.id === id)]));
    },

    /**
     * @param {string} listId
     * @param {number} from
     * @param {number} to clamped to the list by the caller
     * @returns {Promise<readonly string[]>}
     */
    async listRange(listId, from, to) {
      const part = knownLists.get(listId);
      if (part && from >= part.from && to < part.from + part.ids.length)
        return part.ids.slice(from - part.from, to - part.from + 1);
      return clients.lists.range(listId, from, to, sink);
    },

    /**
     * Every list's ids over from..to, and the titles of the lists at
     * `positions` kept for the rest of the request (the router's next pass,
     * titlesById, finds them here: no second round trip for a row).
     * @param {number} from
     * @param {number} to
     * @param {readonly number[]} positions
     * @returns {Promise<readonly (readonly string[])[]>} per list, in display order
     */
    async heads(from, to, positions) {
      const answer = await clients.lists.heads(from, to, positions, sink);
      for (const [id, title] of answer.titles) knownTitles.set(id, title);
      return answer.ids;
    },

    /**
     * @param {readonly string[]} ids
     * @returns {Promise<Map<string, Title | null | Error>>}
     */
    async titles(ids) {
      const missing = ids.filter((id) => !knownTitles.has(id));
      const fetched = missing.length > 0 ? await clients.titles.get(missing, sink) : new Map();
      return new Map(ids.map((id) => [id, knownTitles.get(id) ?? fetched.get(id) ?? null]));
    },

    /**
     * A title's "more like this" lists, their first positions and titles
     * kept for the rest of the request.
     * @param {string} id
     * @returns {Promise<readonly ListPart[] | null>} null: no such title
     */
    async moreLikeThis(id) {
      const answer = await clients.titles.moreLikeThis(id, SIMILAR_POSITIONS.from, SIMILAR_POSITIONS.to, sink);
      if (!answer) return null;
      for (const [titleId, title] of answer.titles) knownTitles.set(titleId, title);
      for (const list of answer.lists) knownLists.set(list.id, list);
      return answer.lists;
    },
  };
}

/** @typedef {ReturnType<typeof createRequestReads>} RequestReads */
