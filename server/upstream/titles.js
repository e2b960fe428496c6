// @ts-check
/**
 * Client for title details. Ids asked for in the same tick become one
 * `GET /titles?ids=` call (at most 200 ids); each id is answered alone.
 * A title's "more like this" rows come with their titles in one call.
 */
import { createBatcher } from './batch.js';
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

/** Widest position range of one `/more-like-this` call (contract). */
export const MAX_SIMILAR_SPAN = 50;
/** Most title ids of one `/more-like-this` call (contract). */
const MAX_SIMILAR_IDS = 20;

/**
 * @param {import('./pool.js').Upstream} upstream
 */
export function createTitlesClient(upstream) {
  /** One batcher per position range (there is one in practice: the title page's). */
  /** @type {Map<string, import('./batch.js').Batcher<MoreLikeThis | null>>} */
  const similarBatchers = new Map();

  /** @param {number} from @param {number} to */
  function similarBatcher(from, to) {
    return createBatcher({
      name: 'GET /more-like-this',
      maxBatch: MAX_SIMILAR_IDS,
      /** @param {string[]} ids */
      async load(ids) {
        const { body } = await upstream.requestJson(
          'GET',
          `/more-like-this?ids=${ids.join(',')}&from=${from}&to=${to}`,
        );
        /** @type {Map<string, Title>} */
        const titles = new Map();
        for (const [key, title] of Object.entries(body.titles)) titles.set(key, Object.freeze(title));
        /** @type {Map<string, MoreLikeThis | Error>} */
        const answers = new Map();
        for (const id of ids) {
          if (!Object.hasOwn(body.similar, id)) continue; // no such title: null
          const lists = body.similar[id].map((/** @type {string} */ listId) => {
            const { id: partId, name, length, from: start, ids: members } = body.lists[listId];
            return Object.freeze({ id: partId, name, length, from: start, ids: Object.freeze(members) });
          });
          answers.set(id, Object.freeze({ lists: Object.freeze(lists), titles }));
        }
        return answers;
      },
    });
  }
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
     * ones (the title, the lists, their titles). Ids asked in the same tick
     * (the same range) share calls of at most MAX_SIMILAR_IDS.
     * @param {string} id
     * @param {number} from
     * @param {number} to at most MAX_SIMILAR_SPAN - 1 past from
     * @param {import('./trace.js').CallSink} [sink]
     * @returns {Promise<MoreLikeThis | null>} null = no such title
     */
    async moreLikeThis(id, from, to, sink) {
      if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from || to - from >= MAX_SIMILAR_SPAN)
        throw new RangeError(`bad range ${from}..${to}`);
      if (typeof id !== 'string' || !TITLE_ID.test(id)) return null;
      const range = `${from}-${to}`;
      let similar = similarBatchers.get(range);
      if (!similar) similarBatchers.set(range, (similar = similarBatcher(from, to)));
      const answer = (await similar.loadMany([id], sink)).get(id);
      if (answer instanceof Error) throw answer;
      return answer ?? null;
    },
  };
}
