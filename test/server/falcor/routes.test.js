// @ts-check
// The Falcor routes over an in-memory catalog: the JSON Graph they answer and
// how many upstream calls (and dependent round trips) each request costs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRouter } from '../../../server/falcor/router.js';
import { createCatalogClients } from '../../../server/upstream/index.js';
import { UpstreamError } from '../../../server/upstream/errors.js';
import { createFakeUpstream } from '../../helpers/fake-upstream.js';
import * as homePage from '../../../shared/pages/home.js';

const VISITOR = 'visitor-aaaa-1111';
const OTHER = 'visitor-bbbb-2222';

/** @param {Parameters<typeof createFakeUpstream>[0]} [options] */
function setup(options) {
  const upstream = createFakeUpstream(options);
  /** @type {{ level: string, obj: any, msg: string }[]} */
  const logged = [];
  const log = {
    warn: (/** @type {any} */ obj, /** @type {string} */ msg) => logged.push({ level: 'warn', obj, msg }),
    error: (/** @type {any} */ obj, /** @type {string} */ msg) => logged.push({ level: 'error', obj, msg }),
  };
  const clients = createCatalogClients(upstream);
  const routerFor = (/** @type {string | null} */ visitorId = VISITOR) => createRouter({ clients, visitorId, log });
  return { upstream, logged, routerFor };
}

/** @param {any} source an Observable from router.get/set/call @returns {Promise<any>} */
function settle(source) {
  return new Promise((resolve, reject) => {
    let last;
    source.subscribe(
      (/** @type {any} */ v) => {
        last = v;
      },
      reject,
      () => resolve(last),
    );
  });
}

const ROW_FIELDS = ['name', 'year', 'rating', 'boxart'];

test('3 row names + 10 titles each: 2 upstream calls in 1 round trip, the titles with the rows', async () => {
  const { upstream, routerFor } = setup({ latencyMs: 20 });
  const { jsonGraph } = await settle(
    routerFor().get([
      ['lists', { from: 0, to: 2 }, 'name'],
      ['lists', { from: 0, to: 2 }, { from: 0, to: 9 }, ROW_FIELDS],
    ]),
  );
  const paths = upstream.calls.map((c) => c.path.replace(/\?ids=.*/, '?ids=…'));
  assert.deepEqual(
    paths.sort(),
    ['/lists', '/lists?from=0&to=9&titles=0,1,2'],
    "expected lists.all once (coalesced), and every list's first ten ids with the three rows' titles in one call",
  );
  assert.equal(upstream.waves(), 1, 'lists and their heads with titles, in parallel: 1 round trip');

  const firstId = upstream.lists[0].ids[0];
  assert.equal(jsonGraph.lists[0].name, 'List 0');
  assert.deepEqual(jsonGraph.lists[0][0], { $type: 'ref', value: ['titlesById', firstId] });
  assert.deepEqual(Object.keys(jsonGraph.titlesById[firstId]).sort(), [...ROW_FIELDS].sort());
  assert.equal(jsonGraph.titlesById[firstId].year, Number(firstId.slice(-4)));
});

test('lists: length, id, name, length of a list; positions past the end are empty atoms', async () => {
  const { routerFor } = setup({ lists: 2, listLength: 3 });
  const { jsonGraph } = await settle(
    routerFor().get([
      ['lists', 'length'],
      ['lists', [0, 5], ['id', 'length']],
      ['lists', 1, { from: 2, to: 4 }, 'name'],
    ]),
  );
  assert.equal(jsonGraph.lists.length, 2);
  assert.deepEqual(jsonGraph.lists[0], { id: 'list-0', length: 3 });
  assert.deepEqual(jsonGraph.lists[5].id, { $type: 'atom' });
  assert.equal(jsonGraph.lists[1][2].$type, 'ref');
  assert.deepEqual(jsonGraph.lists[1][3].name, { $type: 'atom' });
  assert.deepEqual(Object.keys(jsonGraph.lists[1]).sort(), ['2', '3', '4'], 'positions past the end answer too');
  assert.equal(jsonGraph.lists[1][4].name.$type, 'atom');
});

test('a range wider than one heads call asks that list alone, clamped to its end', async () => {
  const { upstream, routerFor } = setup({ lists: 2, listLength: 60 });
  const { jsonGraph } = await settle(routerFor().get([['lists', 1, { from: 0, to: 99 }, 'name']]));
  assert.equal(jsonGraph.lists[1][59].$type, 'ref');
  assert.ok(
    upstream.calls.some((c) => c.path === '/lists/list-1?from=0&to=59'),
    'the range is clamped to the list before asking upstream',
  );
});

test('titlesById: null fields stay null, unknown and malformed ids are empty atoms', async () => {
  const { upstream, routerFor } = setup();
  const id = upstream.lists[1].ids[0]; // odd lists have genre null in the fake
  const { jsonGraph } = await settle(
    routerFor().get([['titlesById', [id, 'no-such-1900', 'Bad Id'], ['name', 'genre']]]),
  );
  assert.equal(jsonGraph.titlesById[id].name, `Film ${id}`);
  assert.equal(jsonGraph.titlesById[id].genre, null, 'a null field is a value, not missing');
  assert.deepEqual(jsonGraph.titlesById['no-such-1900'].name, { $type: 'atom' });
  assert.deepEqual(jsonGraph.titlesById['Bad Id'].name, { $type: 'atom' });
  assert.equal(upstream.calls.length, 1);
});

test('userRating: set then get, per visitor; bad values answer an error atom', async () => {
  const { upstream, routerFor } = setup();
  const [id] = upstream.lists[0].ids;
  const set = (/** @type {unknown} */ value, visitor = VISITOR) =>
    settle(
      routerFor(visitor).set({
        jsonGraph: { titlesById: { [id]: { userRating: value } } },
        paths: [['titlesById', id, 'userRating']],
      }),
    );
  const rating = (/** @type {string} */ visitor) =>
    settle(routerFor(visitor).get([['titlesById', id, 'userRating']])).then(
      (r) => r.jsonGraph.titlesById[id].userRating,
    );

  assert.equal((await set(4)).jsonGraph.titlesById[id].userRating, 4);
  assert.equal(await rating(VISITOR), 4);
  assert.equal(await rating(OTHER), null, 'another visitor must not see this rating');
  for (const bad of [0, 6, 2.5, '3', true]) {
    const answer = (await set(bad)).jsonGraph.titlesById[id].userRating;
    assert.equal(answer.$type, 'error', `rating ${JSON.stringify(bad)} should be refused`);
  }
  assert.equal(await rating(VISITOR), 4, 'a refused set changes nothing');
  assert.equal((await set({ $type: 'atom', value: null })).jsonGraph.titlesById[id].userRating, null, 'null clears');
  assert.equal(await rating(VISITOR), null);
});

test('myList: add and remove answer the new length and invalidate the list', async () => {
  const { upstream, routerFor } = setup();
  const [a, b] = upstream.lists[0].ids;
  const call = (/** @type {string} */ name, /** @type {unknown[]} */ args) =>
    settle(routerFor().call(['myList', name], args, [], []));

  const added = await call('add', [a]);
  assert.equal(added.jsonGraph.myList.length, 1);
  assert.deepEqual(added.invalidated, [['myList']]);
  await call('add', [b]);
  const { jsonGraph } = await settle(
    routerFor().get([
      ['myList', 'length'],
      ['myList', { from: 0, to: 2 }, 'name'],
    ]),
  );
  assert.equal(jsonGraph.myList.length, 2);
  assert.deepEqual(jsonGraph.myList[0], { $type: 'ref', value: ['titlesById', b] }, 'newest first');
  assert.equal(jsonGraph.titlesById[a].name, `Film ${a}`);
  assert.deepEqual(jsonGraph.myList[2], { $type: 'atom' });

  assert.equal((await call('remove', [b])).jsonGraph.myList.length, 1);
  const unknown = await call('add', ['no-such-1900']);
  assert.equal(unknown.jsonGraph.myList.add.$type, 'error');
  assert.equal(unknown.jsonGraph.myList.add.value.message, 'unknown title');
});

test("the home page's query reads the visitor's list once: myList rows and every card's inMyList share it", async () => {
  const { upstream, routerFor } = setup({ latencyMs: 20 });
  const [a] = upstream.lists[0].ids;
  await settle(routerFor().call(['myList', 'add'], [a], [], []));
  upstream.calls.length = 0;
  const { jsonGraph } = await settle(routerFor().get(homePage.query({}, { rows: 3 })));
  const listReads = upstream.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/my-list'));
  assert.equal(listReads.length, 1, `one read of the list per request, got ${listReads.length}`);
  assert.equal(jsonGraph.myList.length, 1);
  assert.equal(jsonGraph.titlesById[a].inMyList, true, 'the card of a listed title says so');
  assert.equal(upstream.waves(), 1, "one round trip: the rows with their titles, the visitor's list beside them");
});

test('a change to the list is what later reads of the same request see', async () => {
  const { upstream, routerFor } = setup();
  const [a, b] = upstream.lists[0].ids;
  const router = routerFor();
  await settle(router.get([['myList', 'length']]));
  await settle(router.call(['myList', 'add'], [a], [], []));
  const after = await settle(
    router.get([
      ['myList', 'length'],
      ['titlesById', [a, b], 'inMyList'],
    ]),
  );
  assert.equal(after.jsonGraph.myList.length, 1, 'not the length read before the add');
  assert.equal(after.jsonGraph.titlesById[a].inMyList, true);
  assert.equal(after.jsonGraph.titlesById[b].inMyList, false);
});

test('visitor isolation: concurrent requests of two visitors never see each other', async () => {
  const { upstream, routerFor } = setup();
  const [a, b] = upstream.lists[0].ids;
  await Promise.all([
    settle(routerFor(VISITOR).call(['myList', 'add'], [a], [], [])),
    settle(routerFor(OTHER).call(['myList', 'add'], [b], [], [])),
  ]);
  const [mine, theirs] = await Promise.all([
    settle(routerFor(VISITOR).get([['myList', { from: 0, to: 1 }]])),
    settle(routerFor(OTHER).get([['myList', { from: 0, to: 1 }]])),
  ]);
  assert.deepEqual(mine.jsonGraph.myList[0].value, ['titlesById', a]);
  assert.deepEqual(theirs.jsonGraph.myList[0].value, ['titlesById', b]);
  assert.deepEqual(mine.jsonGraph.myList[1], { $type: 'atom' });
  const anonymous = await settle(routerFor(null).get([['myList', 'length']]));
  assert.equal(anonymous.jsonGraph.myList.length, 0);
});

test('upstream failures become generic error atoms with $expires 0; the detail goes to the log', async () => {
  let failing = '/titles';
  const { upstream, logged, routerFor } = setup({
    fail: (_method, path) =>
      path.startsWith(failing)
        ? new UpstreamError(`GET ${failing} answered 500: secret-detail`, { code: 'http', status: 500 })
        : undefined,
  });
  const query = [['lists', { from: 0, to: 1 }, { from: 0, to: 1 }, 'name']];
  const generic = { $type: 'error', value: { message: 'temporarily unavailable' }, $expires: 0 };

  // (A row's titles come with its ids: the titles call is made for titles asked by id.)
  const titlesDown = await settle(routerFor().get([['titlesById', upstream.lists[0].ids[0], 'name']]));
  assert.doesNotMatch(
    JSON.stringify(titlesDown),
    /secret-detail|500|titles answered/,
    'internal detail must not reach the browser',
  );
  assert.deepEqual(titlesDown.jsonGraph.titlesById[upstream.lists[0].ids[0]].name, generic);

  failing = '/lists?';
  const listsDown = await settle(routerFor().get(query));
  assert.doesNotMatch(JSON.stringify(listsDown), /secret-detail|500|lists\? answered/);
  assert.deepEqual(listsDown.jsonGraph.lists[1][0], generic);
  assert.ok(
    logged.some((l) => /secret-detail/.test(l.obj.err?.message)),
    'the detail belongs in the log',
  );
});

test('a route that throws is caught: generic atom out, detail logged', async () => {
  const { routerFor } = setup({ fail: () => new UpstreamError('lists down: secret-detail', { code: 'reset' }) });
  const router = routerFor();
  const { jsonGraph } = await settle(
    router.get([
      ['lists', 'length'],
      ['myList', 'length'],
    ]),
  );
  assert.deepEqual(jsonGraph.lists.length, {
    $type: 'error',
    value: { message: 'temporarily unavailable' },
    $expires: 0,
  });
  assert.equal(jsonGraph.myList.length.$type, 'error');
  const failedCall = await settle(router.call(['myList', 'add'], ['heat-1995'], [], []));
  assert.equal(failedCall.jsonGraph.myList.add.$type, 'error');
  assert.ok(
    failedCall.jsonGraph.myList.add.$expires < 0,
    'a failed call must reach the caller, so it may not expire at once',
  );
});

test('the router class is built once; each request gets its own instance', () => {
  const { routerFor } = setup();
  const [a, b] = [routerFor(VISITOR), routerFor(OTHER)];
  assert.notEqual(a, b);
  assert.equal(Object.getPrototypeOf(a), Object.getPrototypeOf(b), 'createClass must not run per request');
  assert.equal(a.visitorId, VISITOR);
  assert.equal(b.visitorId, OTHER);
});
