// @ts-check
// The visitor's paths (server/falcor/visitor-paths.js) come from the routes'
// own declarations (`visitor: true`), and a path so declared is never
// answered from the process-wide catalog cache: two visitors read their own
// values, and the cache's source (the router of no visitor) is never asked it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VISITOR_PATHS, visitorPathsOf } from '../../../server/falcor/visitor-paths.js';
import { ROUTES } from '../../../server/falcor/routes/index.js';
import { createRouter } from '../../../server/falcor/router.js';
import { createSharedGraph } from '../../../server/graph-cache/shared-graph.js';
import { pageDataThrough } from '../../../server/page-data/index.js';
import { createCatalogClients } from '../../../server/upstream/index.js';
import { readPath } from '../../../shared/graph/read.js';
import { createFakeUpstream } from '../../helpers/fake-upstream.js';

test('a route declared visitor: true adds its title keys or its top-level branch', () => {
  const paths = visitorPathsOf([
    { route: 'lists.length' },
    { route: 'titlesById[{keys:ids}]["name","year"]' },
    { route: 'titlesById[{keys:ids}].watched', visitor: true },
    { route: 'titlesById[{keys:ids}]["seen","liked"]', visitor: true },
    { route: 'history[{integers:indices}]', visitor: true },
    { route: 'history.length', visitor: true },
  ]);
  assert.deepEqual([...paths.titleKeys].sort(), ['liked', 'seen', 'watched']);
  assert.deepEqual([...paths.branches], ['history']);
});

test("this app's visitor paths are its routes' declarations", () => {
  const declared = ROUTES.filter((route) => route.visitor === true).map((route) => route.route);
  assert.ok(declared.includes('titlesById[{keys:ids}].userRating'), 'userRating is declared the visitor’s');
  assert.deepEqual([...VISITOR_PATHS.titleKeys].sort(), ['inMyList', 'userRating']);
  assert.deepEqual([...VISITOR_PATHS.branches], ['myList']);
});

test('a declaration the split cannot honour is a start-up error that says why', () => {
  assert.throws(
    () => visitorPathsOf([{ route: 'titlesById[{keys:ids}].moreLikeThis[{integers:indices}]', visitor: true }]),
    /must end at a title's keys/,
  );
  assert.throws(
    () => visitorPathsOf([{ route: 'history.length', visitor: true }, { route: 'history[{integers:indices}]' }]),
    /every route under it must say visitor: true/,
  );
});

test('a per-visitor path is never answered from the process-wide cache', async () => {
  const upstream = createFakeUpstream({ latencyMs: 0 });
  const clients = createCatalogClients(/** @type {any} */ (upstream));
  const id = 'film-0-1990';
  const alice = 'aliceVisitor00000000000';
  const bob = 'bobVisitor0000000000000';
  await clients.visitors.rate(alice, id, 4);
  await clients.visitors.rate(bob, id, 2);
  await clients.visitors.add(alice, id);

  /** @type {unknown[]} every path the shared cache asked its source (the router of no visitor) */
  const askedOfCache = [];
  const shared = createSharedGraph({
    createSource: (sink) => {
      const router = createRouter({ clients, visitorId: null, trace: sink });
      return { get: (paths) => (askedOfCache.push(...paths), router.get(paths)) };
    },
    ttlMs: 60_000,
    maxSize: 1_000_000,
  });
  const pageDataFor = pageDataThrough((req) => createRouter({ clients, visitorId: req.visitorId }), shared);
  try {
    /** @param {string} visitorId */
    const read = async (visitorId) => {
      const data = pageDataFor(/** @type {any} */ ({ visitorId }));
      await data.get(['titlesById', id, ['name', 'userRating', 'inMyList']], ['myList', 'length']);
      const graph = data.getCache();
      return {
        name: readPath(graph, ['titlesById', id, 'name']),
        userRating: readPath(graph, ['titlesById', id, 'userRating']),
        inMyList: readPath(graph, ['titlesById', id, 'inMyList']),
        myListLength: readPath(graph, ['myList', 'length']),
      };
    };
    // Alice first fills the cache; Bob then reads the same title from it.
    const first = await read(alice);
    const second = await read(bob);
    const again = await read(alice);
    assert.deepEqual(first, { name: `Film ${id}`, userRating: 4, inMyList: true, myListLength: 1 });
    assert.deepEqual(second, { name: `Film ${id}`, userRating: 2, inMyList: false, myListLength: 0 });
    assert.deepEqual(again, first, "alice's own values again, not bob's");

    const asked = JSON.stringify(askedOfCache);
    assert.match(asked, /"name"/, 'the catalog field came through the cache');
    for (const key of VISITOR_PATHS.titleKeys)
      assert.doesNotMatch(
        asked,
        new RegExp(`"${key}"`),
        `${key} is the visitor's: the shared cache must never hold it`,
      );
    for (const branch of VISITOR_PATHS.branches)
      assert.doesNotMatch(asked, new RegExp(`"${branch}"`), `${branch} is the visitor's: never in the shared cache`);
  } finally {
    shared.close();
  }
});
