// @ts-check
/**
 * Routes under `listsById`: any catalog list by its id, for rows that are not
 * in the home page's order (the title page's "more like this" rows point here).
 */
import { $ref, $nothing, failedPath } from '../route-values.js';
// A list id is a slug (contract); anything else is answered "nothing" without a call.
import { LIST_ID } from '../../../shared/ids.js';

/** @typedef {import('../route-values.js').RouteContext} RouteContext */
/** @typedef {import('../route-values.js').PathValue} PathValue */

/** @type {any[]} */
const listsByIdRoutes = [
  // { listsById: { 'genre-drama': { id: 'genre-drama', name: 'Drama', length: 789 } } }
  {
    route: 'listsById[{keys:ids}]["id","name","length"]',
    /**
     * @this {RouteContext}
     * @param {[string, string[], string[]] & { ids: string[] }} pathSet
     */
    async get(pathSet) {
      const lists = await this.reads.listsById(pathSet.ids.filter((id) => LIST_ID.test(id)));
      const keys = /** @type {('id' | 'name' | 'length')[]} */ ([pathSet[2]].flat());
      /** @type {PathValue[]} */
      const out = [];
      for (const id of pathSet.ids) {
        const list = lists.get(id);
        for (const key of keys) out.push({ path: ['listsById', id, key], value: list ? list[key] : $nothing() });
      }
      return out;
    },
  },

  // { listsById: { 'genre-drama': { 0: { $type: 'ref', value: ['titlesById', 'the-godfather-1972'] } } } }
  {
    route: 'listsById[{keys:ids}][{ranges:ranges}]',
    /**
     * @this {RouteContext}
     * @param {unknown[] & { ids: string[], ranges: { from: number, to: number }[] }} pathSet
     */
    async get(pathSet) {
      const lists = await this.reads.listsById(pathSet.ids.filter((id) => LIST_ID.test(id)));
      const perList = await Promise.all(
        pathSet.ids.map((id) => {
          const list = lists.get(id);
          if (!list) return [{ path: ['listsById', id], value: $nothing() }];
          return Promise.all(pathSet.ranges.map((range) => rangeRefs(this, list, range)));
        }),
      );
      return perList.flat(2);
    },
  },
];

/**
 * References for one range of one list, clamped to its length; a failure
 * costs only this range.
 * @param {RouteContext} ctx
 * @param {import('../../upstream/lists.js').ListSummary} list
 * @param {{ from: number, to: number }} range
 * @returns {Promise<PathValue[]>}
 */
async function rangeRefs(ctx, list, { from, to }) {
  const last = Math.min(to, list.length - 1);
  if (from > last) return [];
  try {
    const ids = await ctx.reads.listRange(list.id, from, last);
    return ids.map((id, k) => ({ path: ['listsById', list.id, from + k], value: $ref(['titlesById', id]) }));
  } catch (err) {
    return [failedPath(ctx, err, ['listsById', list.id, { from, to: last }])];
  }
}

export default listsByIdRoutes;
