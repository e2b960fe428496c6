// @ts-check
/**
 * Client for per-visitor data: "my list" and ratings. Every key carries the
 * visitor id, so batching and coalescing never mix two visitors' answers.
 */
import { createBatcher, createCoalescer } from './batch.js';
import { TITLE_ID, VISITOR_ID } from '../../shared/ids.js';

/**
 * @param {import('./pool.js').Upstream} upstream
 */
export function createVisitorsClient(upstream) {
  const coalesce = createCoalescer();

  const ratingsBatcher = createBatcher({
    name: 'GET /visitors/:vid/ratings',
    maxBatch: 200,
    /** @param {string[]} keys "<vid> <titleId>", ids of one tick, maybe several visitors */
    async load(keys) {
      /** @type {Map<string, string[]>} */
      const idsByVisitor = new Map();
      for (const key of keys) {
        const [vid, id] = key.split(' ');
        idsByVisitor.set(vid, [...(idsByVisitor.get(vid) ?? []), id]);
      }
      /** @type {Map<string, number | null | Error>} */
      const answers = new Map();
      await Promise.all(
        [...idsByVisitor].map(async ([vid, ids]) => {
          try {
            const { body } = await upstream.requestJson('GET', `${base(vid)}/ratings?ids=${ids.join(',')}`);
            for (const id of ids)
              answers.set(`${vid} ${id}`, Object.hasOwn(body.ratings, id) ? body.ratings[id] : null);
          } catch (err) {
            for (const id of ids) answers.set(`${vid} ${id}`, /** @type {Error} */ (err));
          }
        }),
      );
      return answers;
    },
  });

  return {
    /**
     * @param {string} vid
     * @param {import('./trace.js').CallSink} [sink] told of the call waited for (trace.js)
     * @returns {Promise<string[]>} newest first
     */
    async myList(vid, sink) {
      const path = `${base(vid)}/my-list`;
      return coalesce(`GET ${path}`, async () => (await upstream.requestJson('GET', path)).body.ids, sink);
    },

    /** @param {string} vid @param {string} id @returns {Promise<string[]>} the list after adding */
    async add(vid, id) {
      const { body } = await upstream.requestJson('PUT', `${base(vid)}/my-list/${titleId(id)}`);
      return body.ids;
    },

    /** @param {string} vid @param {string} id @returns {Promise<string[]>} the list after removing */
    async remove(vid, id) {
      const { body } = await upstream.requestJson('DELETE', `${base(vid)}/my-list/${titleId(id)}`);
      return body.ids;
    },

    /**
     * @param {string} vid
     * @param {readonly string[]} ids
     * @param {import('./trace.js').CallSink} [sink]
     * @returns {Promise<Map<string, number | null | Error>>} null = not rated
     */
    async ratings(vid, ids, sink) {
      base(vid);
      const wellFormed = ids.filter((id) => typeof id === 'string' && TITLE_ID.test(id));
      const answers = await ratingsBatcher.loadMany(
        wellFormed.map((id) => `${vid} ${id}`),
        sink,
      );
      /** @type {Map<string, number | null | Error>} */
      const result = new Map();
      for (const id of ids) result.set(id, answers.get(`${vid} ${id}`) ?? null);
      return result;
    },

    /**
     * @param {string} vid
     * @param {string} id
     * @param {number | null} rating 1..5, or null to clear
     * @returns {Promise<{ id: string, rating: number | null }>}
     */
    async rate(vid, id, rating) {
      const { body } = await upstream.requestJson('PUT', `${base(vid)}/ratings/${titleId(id)}`, { rating });
      return { id: body.id, rating: body.rating };
    },
  };
}

/** @param {string} vid */
function base(vid) {
  if (typeof vid !== 'string' || !VISITOR_ID.test(vid)) throw new TypeError('malformed visitor id');
  return `/visitors/${vid}`;
}

/** @param {string} id */
function titleId(id) {
  if (typeof id !== 'string' || !TITLE_ID.test(id)) throw new TypeError('malformed title id');
  return id;
}
