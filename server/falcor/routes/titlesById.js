// @ts-check
/**
 * Routes under `titlesById`: title details (shared by everyone) and the
 * visitor's own rating of each title.
 */
import { $nothing, $ref, errorAtom, writeErrorAtom, failedPath, MESSAGES } from '../route-values.js';

/** @typedef {import('../route-values.js').RouteContext} RouteContext */
/** @typedef {import('../route-values.js').PathValue} PathValue */
/** @typedef {import('../../upstream/titles.js').Title} Title */

export const TITLE_FIELDS = Object.freeze([
  'name',
  'year',
  'rating',
  'genre',
  'director',
  'runtime',
  'mpaa',
  'tagline',
  'boxart',
]);

/** @type {any[]} */
const titlesByIdRoutes = [
  // { titlesById: { 'the-land-girls-1998': { name: 'The Land Girls', year: 1998, rating: 6.2 } } }
  {
    route: `titlesById[{keys:ids}][${TITLE_FIELDS.map((f) => JSON.stringify(f)).join(',')}]`,
    /**
     * @this {RouteContext}
     * @param {[string, string[], (keyof Title)[]] & { ids: string[] }} pathSet
     */
    async get(pathSet) {
      const fields = [pathSet[2]].flat(); // falcor-router hands key sets as arrays; be sure
      const titles = await this.reads.titles(pathSet.ids);
      /** @type {PathValue[]} */
      const out = [];
      let logged = false;
      for (const [id, title] of titles) {
        if (title instanceof Error) {
          // One log line per route call is enough to see a failing batch.
          out.push(
            logged
              ? { path: ['titlesById', id, fields], value: errorAtom(MESSAGES.unavailable) }
              : failedPath(this, title, ['titlesById', id, fields]),
          );
          logged = true;
        } else if (title === null) {
          out.push({ path: ['titlesById', id, fields], value: $nothing() });
        } else {
          for (const field of fields) out.push({ path: ['titlesById', id, field], value: title[field] });
        }
      }
      return out;
    },
  },

  // { titlesById: { 'the-land-girls-1998': { userRating: 4 } } }   (per visitor)
  {
    route: 'titlesById[{keys:ids}].userRating',
    visitor: true,
    /**
     * @this {RouteContext}
     * @param {unknown[] & { ids: string[] }} pathSet
     */
    async get(pathSet) {
      // No visitor, or one minted by this request: nobody has rated anything yet.
      if (!this.visitorId || this.newVisitor)
        return pathSet.ids.map((id) => ({ path: ['titlesById', id, 'userRating'], value: null }));
      const ratings = await this.clients.visitors.ratings(this.visitorId, pathSet.ids, this.sink);
      return [...ratings].map(([id, rating]) =>
        rating instanceof Error
          ? failedPath(this, rating, ['titlesById', id, 'userRating'])
          : { path: ['titlesById', id, 'userRating'], value: rating },
      );
    },

    /**
     * @this {RouteContext}
     * @param {{ titlesById: Record<string, { userRating: unknown }> }} jsonGraph
     */
    async set(jsonGraph) {
      return Promise.all(
        Object.keys(jsonGraph.titlesById).map(async (id) => {
          const path = ['titlesById', id, 'userRating'];
          const rating = unwrapAtom(jsonGraph.titlesById[id].userRating);
          if (!isRating(rating)) return { path, value: writeErrorAtom(MESSAGES.badRating) };
          if (!this.visitorId) return { path, value: writeErrorAtom(MESSAGES.noVisitor) };
          try {
            const saved = await this.clients.visitors.rate(this.visitorId, id, rating);
            return { path, value: saved.rating };
          } catch (err) {
            return failedPath(this, err, path, {
              message: isNotFound(err) ? MESSAGES.badTitleId : MESSAGES.unavailable,
              write: true,
            });
          }
        }),
      );
    },
  },

  // { titlesById: { 'heat-1995': { inMyList: true } } }   (per visitor)
  {
    route: 'titlesById[{keys:ids}].inMyList',
    visitor: true,
    /**
     * One read of the visitor's list answers every title asked at once.
     * @this {RouteContext}
     * @param {unknown[] & { ids: string[] }} pathSet
     */
    async get(pathSet) {
      const mine = new Set(await this.myList());
      return pathSet.ids.map((id) => ({ path: ['titlesById', id, 'inMyList'], value: mine.has(id) }));
    },
  },

  // { titlesById: { 'heat-1995': { moreLikeThis: { 0: { $type: 'ref', value: ['listsById', 'genre-action'] } } } } }
  {
    route: 'titlesById[{keys:ids}].moreLikeThis[{integers:indices}]',
    /**
     * The lists holding titles of the same genre or director, as the catalog
     * picks them; their first positions and titles come in the same answer
     * and serve the router's next passes (request-reads.js).
     * @this {RouteContext}
     * @param {unknown[] & { ids: string[], indices: number[] }} pathSet
     */
    async get(pathSet) {
      const answers = await Promise.all(
        pathSet.ids.map((id) =>
          this.reads.moreLikeThis(id).then(
            (lists) => ({ lists, error: null }),
            (/** @type {unknown} */ error) => ({ lists: null, error }),
          ),
        ),
      );
      /** @type {PathValue[]} */
      const out = [];
      for (const [k, id] of pathSet.ids.entries()) {
        const { lists, error } = answers[k];
        if (error) {
          out.push(failedPath(this, error, ['titlesById', id, 'moreLikeThis']));
          continue;
        }
        for (const i of pathSet.indices) {
          const listId = lists?.[i]?.id;
          out.push({
            path: ['titlesById', id, 'moreLikeThis', i],
            value: listId ? $ref(['listsById', listId]) : $nothing(),
          });
        }
      }
      return out;
    },
  },
];

/** @param {unknown} value @returns {value is number | null} */
function isRating(value) {
  return (
    value === null ||
    (Number.isInteger(value) && /** @type {number} */ (value) >= 1 && /** @type {number} */ (value) <= 5)
  );
}

/**
 * Clients may send a bare value or an atom around it; an empty atom is how
 * falcor says "nothing", so it clears the rating like null does.
 * @param {unknown} value
 */
function unwrapAtom(value) {
  if (
    value &&
    typeof value === 'object' &&
    /** @type {{ $type?: unknown, value?: unknown }} */ (value).$type === 'atom'
  )
    return /** @type {{ $type?: unknown, value?: unknown }} */ (value).value ?? null;
  return value;
}

/** @param {unknown} err */
function isNotFound(err) {
  return /** @type {{ status?: unknown } | null | undefined} */ (err)?.status === 404 || err instanceof TypeError;
}

export default titlesByIdRoutes;
