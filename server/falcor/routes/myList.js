// @ts-check
/**
 * Routes under `myList`: the visitor's own list, newest first. Everything
 * here depends on the router's visitorId, never on shared state.
 */
import { $ref, $nothing, writeErrorAtom, failedPath, MESSAGES } from '../route-values.js';

/** @typedef {import('../route-values.js').RouteContext} RouteContext */
/** @typedef {import('../route-values.js').PathValue} PathValue */

/**
 * The catalog's answer to an add past its cap (409, docs/contracts.md), as
 * the visitor reads it; shared/visitor-store.js shows it as is.
 */
export const MY_LIST_FULL = 'My List is full (500 titles)';

/** @type {any[]} */
const myListRoutes = [
  // { myList: { length: 2 } }
  {
    route: 'myList.length',
    visitor: true,
    /** @this {RouteContext} */
    async get() {
      const ids = await this.myList();
      return { path: ['myList', 'length'], value: ids.length };
    },
  },

  // { myList: { 0: { $type: 'ref', value: ['titlesById', 'heat-1995'] } } }
  {
    route: 'myList[{integers:indices}]',
    visitor: true,
    /**
     * @this {RouteContext}
     * @param {unknown[] & { indices: number[] }} pathSet
     */
    async get(pathSet) {
      const ids = await this.myList();
      return pathSet.indices.map((i) => ({
        path: ['myList', i],
        value: i < ids.length ? $ref(['titlesById', ids[i]]) : $nothing(),
      }));
    },
  },

  // call myList.add('heat-1995') → { myList: { length: 3 }, titlesById: { 'heat-1995': { inMyList: true } } }, invalidated: [['myList']]
  {
    route: 'myList.add',
    visitor: true,
    /** @this {RouteContext} @param {unknown[]} _callPath @param {unknown[]} args */
    call(_callPath, args) {
      return changeMyList(this, 'add', args);
    },
  },

  // call myList.remove('heat-1995') → { myList: { length: 1 }, titlesById: { 'heat-1995': { inMyList: false } } }, invalidated: [['myList']]
  {
    route: 'myList.remove',
    visitor: true,
    /** @this {RouteContext} @param {unknown[]} _callPath @param {unknown[]} args */
    call(_callPath, args) {
      return changeMyList(this, 'remove', args);
    },
  },
];

/**
 * Answers with the new length and invalidates the list, so a client holding
 * an older list drops it and fetches the positions it shows again (positions
 * shift on every add/remove, so patching them in place would be wrong).
 * A failure answers the call path itself with an error atom, which makes the
 * client's `model.call` reject without revealing why (see writeErrorAtom).
 * @param {RouteContext} ctx
 * @param {'add' | 'remove'} action
 * @param {unknown[]} args
 * @returns {Promise<PathValue[]>}
 */
async function changeMyList(ctx, action, args) {
  const callPath = ['myList', action];
  const [id] = Array.isArray(args) ? args : [];
  if (typeof id !== 'string') return [{ path: callPath, value: writeErrorAtom(MESSAGES.badTitleId) }];
  if (!ctx.visitorId) return [{ path: callPath, value: writeErrorAtom(MESSAGES.noVisitor) }];
  try {
    const ids = await ctx.clients.visitors[action](ctx.visitorId, id);
    ctx.myListChanged(ids);
    return [
      { path: ['myList'], invalidated: true },
      { path: ['myList', 'length'], value: ids.length },
      // The toggle on every card of this title reads this: no refetch needed.
      { path: ['titlesById', id, 'inMyList'], value: ids.includes(id) },
    ];
  } catch (err) {
    // The catalog refuses an add to a full list (409) rather than drop a title:
    // the one refusal the visitor can act on, so it says why.
    if (action === 'add' && /** @type {{ status?: unknown } | null | undefined} */ (err)?.status === 409) {
      return [{ path: callPath, value: writeErrorAtom(MY_LIST_FULL) }];
    }
    const notFound =
      /** @type {{ status?: unknown } | null | undefined} */ (err)?.status === 404 || err instanceof TypeError;
    return [
      failedPath(ctx, err, callPath, { message: notFound ? MESSAGES.badTitleId : MESSAGES.unavailable, write: true }),
    ];
  }
}

export default myListRoutes;
