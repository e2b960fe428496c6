// @ts-check
/**
 * Client for the catalog's lists ("rows"): which lists exist, and which
 * title ids a list holds over a range of positions.
 */
import { createCoalescer } from './batch.js';

/** @typedef {{ id: string, name: string, length: number }} ListSummary */
/** @typedef {import('./trace.js').CallSink} CallSink */
/**
 * @typedef {{ ids: readonly (readonly string[])[], titles: ReadonlyMap<string, import('./titles.js').Title> }} Heads
 *   ids: per list, in display order; titles: those of the lists asked for
 */

/** The catalog refuses ranges wider than this (contract: span over 500 → 400). */
const MAX_SPAN = 500;

/** Widest range `GET /lists?from&to` answers for every list at once (contract). */
export const MAX_HEAD_SPAN = 50;

/**
 * @param {import('./pool.js').Upstream} upstream
 */
export function createListsClient(upstream) {
  const coalesce = createCoalescer();

  /**
   * All lists in display order. A page asks for it from several routes at
   * once; identical calls in flight share one request.
   * @param {CallSink} [sink] told of the call waited for (trace.js)
   * @returns {Promise<ListSummary[]>}
   */
  function all(sink) {
    return coalesce(
      'GET /lists',
      async () => {
        const { body } = await upstream.requestJson('GET', '/lists');
        return Object.freeze(
          body.lists.map((/** @type {ListSummary} */ { id, name, length }) => Object.freeze({ id, name, length })),
        );
      },
      sink,
    );
  }

  /**
   * Title ids at positions from..to (inclusive) of a list; shorter when the
   * list ends first. Wide ranges are split to respect the catalog's limit.
   * @param {string} listId
   * @param {number} from
   * @param {number} to
   * @param {CallSink} [sink]
   * @returns {Promise<string[]>}
   */
  async function range(listId, from, to, sink) {
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from) {
      throw new RangeError(`bad range ${from}..${to}`);
    }
    /** @type {Promise<string[]>[]} */
    const parts = [];
    for (let start = from; start <= to; start += MAX_SPAN) {
      const end = Math.min(to, start + MAX_SPAN - 1);
      const path = `/lists/${encodeURIComponent(listId)}?from=${start}&to=${end}`;
      parts.push(coalesce(`GET ${path}`, async () => (await upstream.requestJson('GET', path)).body.ids, sink));
    }
    return (await Promise.all(parts)).flat();
  }

  /**
   * Title ids at positions from..to of every list, in one call that needs no
   * list id first, and the titles themselves of the lists at `positions` (the
   * rows a page shows): a row's references and cards in one round trip.
   * Identical calls in flight share one request.
   * @param {number} from
   * @param {number} to at most MAX_HEAD_SPAN - 1 past from
   * @param {readonly number[]} positions lists (display order) whose titles come along; [] for none
   * @param {CallSink} [sink]
   * @returns {Promise<Heads>}
   */
  function heads(from, to, positions, sink) {
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from || to - from >= MAX_HEAD_SPAN) {
      throw new RangeError(`bad head range ${from}..${to}`);
    }
    const wanted = [...new Set(positions)].filter((p) => Number.isInteger(p) && p >= 0).sort((a, b) => a - b);
    const path = `/lists?from=${from}&to=${to}${wanted.length > 0 ? `&titles=${wanted.join(',')}` : ''}`;
    return coalesce(
      `GET ${path}`,
      async () => {
        const { body } = await upstream.requestJson('GET', path);
        /** @type {Map<string, import('./titles.js').Title>} */
        const titles = new Map();
        // Own properties only: an id like "constructor" must not find a builtin.
        for (const id of Object.keys(body.titles ?? {})) titles.set(id, Object.freeze(body.titles[id]));
        return Object.freeze({
          ids: Object.freeze(body.lists.map((/** @type {{ ids: string[] }} */ list) => Object.freeze(list.ids))),
          titles,
        });
      },
      sink,
    );
  }

  return { all, range, heads };
}
