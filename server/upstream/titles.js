// @ts-check
/**
 * Client for title details. Ids asked for in the same tick become one
 * `GET /titles?ids=` call (at most 200 ids); each id is answered alone.
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
 * @param {import('./pool.js').Upstream} upstream
 */
export function createTitlesClient(upstream) {
  const batcher = createBatcher({
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
     * @returns {Promise<Map<string, Title | null | Error>>} null = no such title
     */
    async get(ids) {
      // One malformed id would make the catalog refuse the whole batch (400),
      // so those are answered here and never sent.
      const wellFormed = ids.filter((id) => typeof id === 'string' && TITLE_ID.test(id));
      const answers = await batcher.loadMany(wellFormed);
      /** @type {Map<string, Title | null | Error>} */
      const result = new Map();
      for (const id of ids) result.set(id, answers.get(id) ?? null);
      return result;
    },
  };
}
