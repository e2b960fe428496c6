// @ts-check
/**
 * Client for title details. Ids asked for in the same tick become one
 * `GET /titles?ids=` call (at most 200 ids); each id is answered alone.
 * A title's "more like this" rows come with their titles in one call.
 */
import { createBatcher, createCoalescer } from './batch.js';
import { TITLE_ID } from '../../shared/ids.js';

/**
 * @typedef {object} Title
 * @property {string} id
 * @property {string} name
 * @property {number} year
 * @property {number | null} rating
 * @property {string | null} genre
 * @property {string | null} director
 * @property {number | null} runtime
 * @property {string | null} mpaa
 * @property {string} tagline
 * @property {string} boxart
 */

/**
 * @typedef {{ id: string, name: string, length: number, from: number, ids: readonly string[] }} ListPart
 *   a list and its ids at positions from, from + 1, …
 * @typedef {{ lists: readonly ListPart[], titles: ReadonlyMap<string, Title> }} MoreLikeThis
 */

/** Widest position range of one `more-like-this` call (contract). */
export const MAX_SIMILAR_SPAN = 50;

/**
 * @param {import('./pool.js').Upstream} upstream
 */
export function createTitlesClient(upstream) {
  const coalesce = createCoalescer();
  const batcher = createBatcher({
    name: 'GET /titles',
    maxBatch: 200,
    /** @param {string[]} ids */
    async load(ids) {
      const query = ids.map(encodeURIComponent).join(',');
      const { body } = await upstream.requestJson('GET', `/titles?ids=${query}`);
      /** @type {Map<string, Title | Error>} */
      const answers = new Map();
      for (const id of ids) {
        // Own properties only: an id like "constructor" must not find a builtin.
        if (Object.hasOwn(body.titles, id)) answers.set(id, Object.freeze(body.titles[id]));
      }
      return answers;
    },
  });

  return {
    /**
     * @param {readonly string[]} ids
     * @param {import('./trace.js').CallSink} [sink] told of the calls waited for (trace.js)
     * @returns {Promise<Map<string, Title | null | Error>>} null = no such title
     */
    async get(ids, sink) {
      // One malformed id would make the catalog refuse the whole batch (400),
      // so those are answered here and never sent.
      const wellFormed = ids.filter((id) => typeof id === 'string' && TITLE_ID.test(id));
      const answers = await batcher.loadMany(wellFormed, sink);
      /** @type {Map<string, Title | null | Error>} */
      const result = new Map();
      for (const id of ids) result.set(id, answers.get(id) ?? null);
      return result;
    },

    /**
     * The lists like a title (its genre's, its director's, else its decade's)
     * with their ids at positions from..to and every title they name, the
     * title's own included: one call for what is otherwise three dependent
     * ones (the title, the lists, their titles).
     * @param {string} id
     * @param {number} from
     * @param {number} to at most MAX_SIMILAR_SPAN - 1 past from
     * @param {import('./trace.js').CallSink} [sink]
     * @returns {Promise<MoreLikeThis | null>} null = no such title
     */
    moreLikeThis(id, from, to, sink) {
      if (typeof id !== 'string' || !TITLE_ID.test(id)) return Promise.resolve(null);
      if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from || to - from >= MAX_SIMILAR_SPAN)
        throw new RangeError(`bad range ${from}..${to}`);
      const path = `/titles/${id}/more-like-this?from=${from}&to=${to}`;
      return coalesce(
        `GET ${path}`,
        async () => {
          try {
            const { body } = await upstream.requestJson('GET', path);
            /** @type {Map<string, Title>} */
            const titles = new Map();
            for (const [key, title] of Object.entries(body.titles)) titles.set(key, Object.freeze(title));
            const lists = body.lists.map((/** @type {ListPart} */ { id: listId, name, length, from: start, ids }) =>
              Object.freeze({ id: listId, name, length, from: start, ids: Object.freeze(ids) }),
            );
            return Object.freeze({ lists: Object.freeze(lists), titles });
          } catch (err) {
            if (/** @type {any} */ (err)?.status === 404) return null;
            throw err;
          }
        },
        sink,
      );
    },
  };
}
