// @ts-check
/**
 * Routes under `lists`: the rows of the home page, in display order.
 */
import { $ref, $nothing, failedPath } from '../route-values.js';
import { MAX_HEAD_SPAN } from '../../upstream/lists.js';

/** @typedef {import('../route-values.js').RouteContext} RouteContext */
/** @typedef {import('../route-values.js').PathValue} PathValue */

/** @type {any[]} */
const listsRoutes = [
  // { lists: { length: 20 } }
  {
    route: 'lists.length',
    /** @this {RouteContext} */
    async get() {
      const lists = await this.reads.lists();
      return { path: ['lists', 'length'], value: lists.length };
    },
  },

  // { lists: { 0: { id: 'top-rated', name: 'Top rated', length: 100 } } }
  {
    route: 'lists[{integers:indices}]["id","name","length"]',
    /**
     * @this {RouteContext}
     * @param {[string, number[], string[]] & { indices: number[] }} pathSet
     */
    async get(pathSet) {
      const lists = await this.reads.lists();
      const keys = /** @type {('id' | 'name' | 'length')[]} */ ([pathSet[2]].flat());
      /** @type {PathValue[]} */
      const out = [];
      for (const i of pathSet.indices) {
        const list = lists[i];
        for (const key of keys) out.push({ path: ['lists', i, key], value: list ? list[key] : $nothing() });
      }
      return out;
    },
  },

  // { lists: { 0: { 0: { $type: 'ref', value: ['titlesById', 'the-land-girls-1998'] } } } }
  {
    route: 'lists[{integers:indices}][{ranges:ranges}]',
    /**
     * One answer for all lists and ranges at once, so that every reference
     * comes back together and the titles they point to are fetched in one
     * batched call rather than one per list.
     * @this {RouteContext}
     * @param {unknown[] & { indices: number[], ranges: { from: number, to: number }[] }} pathSet
     */
    async get(pathSet) {
      // Narrow ranges come from one call for every list, started together
      // with the list index instead of after it: the rows' references cost no
      // dependent round trip of their own (pitfall: sequential upstream calls,
      // each paying the upstream's full latency).
      /** @type {Map<{ from: number, to: number }, Promise<readonly (readonly string[])[]>>} */
      const heads = new Map();
      for (const range of pathSet.ranges) {
        if (range.to - range.from >= MAX_HEAD_SPAN) continue;
        // The rows asked for bring their titles along (pitfall: one round trip per level of references).
        const call = this.reads.heads(range.from, range.to, pathSet.indices);
        call.catch(() => {}); // awaited (and its failure reported) per range below
        heads.set(range, call);
      }
      const lists = await this.reads.lists();
      const perList = await Promise.all(
        pathSet.indices.map((i) => {
          const list = lists[i];
          if (!list) return [{ path: ['lists', i], value: $nothing() }];
          return Promise.all(pathSet.ranges.map((range) => rangeRefs(this, i, list, range, heads.get(range))));
        }),
      );
      return perList.flat(2);
    },
  },
];

/**
 * References for one range of one list. The range is clamped to the list so
 * nobody asks upstream for positions past its end; a failure costs only this
 * range, not the whole answer.
 * @param {RouteContext} ctx
 * @param {number} index
 * @param {import('../../upstream/lists.js').ListSummary} list
 * @param {{ from: number, to: number }} range
 * @param {Promise<readonly (readonly string[])[]>} [heads] every list's ids over this range, when narrow
 * @returns {Promise<PathValue[]>}
 */
async function rangeRefs(ctx, index, list, { from, to }, heads) {
  const last = Math.min(to, list.length - 1);
  if (from > last) return [];
  try {
    const ids = heads
      ? ((await heads)[index] ?? []).slice(0, last - from + 1)
      : await ctx.reads.listRange(list.id, from, last);
    return ids.map((id, k) => ({ path: ['lists', index, from + k], value: $ref(['titlesById', id]) }));
  } catch (err) {
    return [failedPath(ctx, err, ['lists', index, { from, to: last }])];
  }
}

export default listsRoutes;
