// @ts-check
// The read-only catalog: health, lists (rows) and titles. Every answer is
// built from the frozen catalog by reference, nothing is copied per request.
import { idsQuery, positionsQuery, rangeQuery, titleIdParam } from '../params.js';
import { HttpError } from '../respond.js';
import { similarListIds } from '../similar-lists.js';

/** Positions per list on `/lists?from&to`: every list answers, so keep it short. */
export const MAX_HEAD_SPAN = 50;
/** Titles per `/more-like-this` call: each brings up to two lists of titles. */
export const MAX_SIMILAR_IDS = 20;

/**
 * @param {ReturnType<typeof import('../router.js').createRouter>} router
 * @param {import('../load-data.js').Catalog} catalog
 */
export function addCatalogRoutes(router, catalog) {
  const { titles, lists, listSummaries } = catalog;

  // {"ok": true, "titles": 3200, "lists": 27}
  router.add('GET', '/health', () => ({ ok: true, titles: titles.size, lists: lists.size }));

  // {"lists": [{"id": "top-rated", "name": "Top Rated", "length": 100}, ...]}
  // /lists?from=0&to=9 adds each list's members at those positions, so a page
  // gets its rows' references without first learning the list ids: one
  // dependent round trip fewer on its critical path (Box, 2015: latency is
  // the number of sequential upstream calls times the upstream's latency).
  // &titles=0,1,2 adds the titles those lists (by position) hold there, so
  // the rows' cards come in the same answer as their references: one round
  // trip for a row, not two.
  router.add('GET', '/lists', ({ query }) => {
    if (!query.has('from') && !query.has('to') && !query.has('titles')) return { lists: listSummaries };
    const { from, to } = rangeQuery(query, MAX_HEAD_SPAN);
    const positions = positionsQuery(query);
    const answer = {
      from,
      to,
      lists: listSummaries.map((summary) => ({
        ...summary,
        ids: lists.get(summary.id)?.ids.slice(from, to + 1) ?? [],
      })),
    };
    if (!positions) return answer;
    /** @type {Record<string, import('../load-data.js').Title>} */
    const found = Object.create(null);
    for (const position of positions) {
      const summary = listSummaries[position];
      for (const id of (summary && lists.get(summary.id)?.ids.slice(from, to + 1)) ?? [])
        found[id] = /** @type {import('../load-data.js').Title} */ (titles.get(id));
    }
    return { ...answer, titles: found };
  });

  // /lists/genre-drama?from=0&to=9 →
  // {"id", "name", "length": 789, "from": 0, "to": 9, "ids": ["the-shawshank-redemption-1994", ...]}
  router.add('GET', '/lists/:listId', ({ params, query }) => {
    const { from, to } = rangeQuery(query);
    const list = lists.get(params.listId);
    if (!list) throw new HttpError(404, `no list ${JSON.stringify(params.listId.slice(0, 100))}`);
    const last = Math.min(to, list.ids.length - 1);
    return {
      id: list.id,
      name: list.name,
      length: list.ids.length,
      from,
      to: last,
      ids: list.ids.slice(from, last + 1),
    };
  });

  // /titles?ids=a,b,c → {"titles": {"a": {...}, "b": {...}}, "missing": ["c"]}
  router.add('GET', '/titles', ({ query }) => {
    /** @type {Record<string, import('../load-data.js').Title>} */
    const found = Object.create(null);
    /** @type {string[]} */
    const missing = [];
    for (const id of idsQuery(query)) {
      const title = titles.get(id);
      if (title) found[id] = title;
      else missing.push(id);
    }
    return { titles: found, missing };
  });

  // /more-like-this?ids=heat-1995,fargo-1996&from=0&to=10 →
  // {"from", "to", "similar": {"heat-1995": ["genre-crime", "director-michael-mann"]},
  //  "lists": {"genre-crime": {"id", "name", "length", "from", "to", "ids": [...]}},
  //  "titles": {"heat-1995": {...}, ...}, "missing": ["fargo-1996"]}
  // Title pages' rows in one call: the titles, the lists like each
  // (similar-lists.js) and their titles at those positions. Pitfall: one
  // dependent round trip per level of references (title, then its lists, then
  // their titles: Box, 2015). Several ids per call: a cache refreshing many
  // titles' rows makes one call per MAX_SIMILAR_IDS, not one per title.
  router.add('GET', '/more-like-this', ({ query }) => {
    const ids = idsQuery(query);
    if (ids.length > MAX_SIMILAR_IDS)
      throw new HttpError(400, `too many ids: ${ids.length} (at most ${MAX_SIMILAR_IDS})`);
    const { from, to } = rangeQuery(query, MAX_HEAD_SPAN);
    /** @type {Record<string, string[]>} */
    const similar = Object.create(null);
    /** @type {Record<string, { id: string, name: string, length: number, from: number, to: number, ids: readonly string[] }>} */
    const parts = Object.create(null);
    /** @type {Record<string, import('../load-data.js').Title>} */
    const found = Object.create(null);
    /** @type {string[]} */
    const missing = [];
    for (const id of ids) {
      const title = titles.get(id);
      if (!title) {
        missing.push(id);
        continue;
      }
      found[id] = title;
      similar[id] = similarListIds(title, lists);
      for (const listId of similar[id]) {
        if (parts[listId]) continue;
        const list = /** @type {import('../build-lists.js').CatalogList} */ (lists.get(listId));
        const part = list.ids.slice(from, to + 1);
        for (const member of part) found[member] = /** @type {import('../load-data.js').Title} */ (titles.get(member));
        parts[listId] = {
          id: list.id,
          name: list.name,
          length: list.ids.length,
          from,
          to: from + part.length - 1,
          ids: part,
        };
      }
    }
    return { from, to, similar, lists: parts, titles: found, missing };
  });

  // /titles/the-land-girls-1998 → {"id", "name", "year", "rating", ...}
  router.add('GET', '/titles/:id', ({ params }) => {
    const title = titles.get(titleIdParam(params.id));
    if (!title) throw new HttpError(404, `no title ${params.id}`);
    return title;
  });
}
