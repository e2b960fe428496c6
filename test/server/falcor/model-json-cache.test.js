// @ts-check
// /model.json reads through the process-wide graph cache when it is on
// (server/falcor/endpoint.js): whatever shape a client asks, the answer must
// hold what the router alone answers (GRAPH_CACHE_TTL_MS=0), the visitor's
// own keys included; shapes the cache cannot split go to the router.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../../helpers/app.js';
import { splittable } from '../../../server/graph-cache/split-paths.js';
import { rowQuery } from '../../../shared/pages/home.js';
import { query as titleQuery } from '../../../shared/pages/title.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let cached;
/** @type {Awaited<ReturnType<typeof startApp>>} */
let uncached;
/** @type {string[]} */
let ids;

before(async () => {
  // Each with its own catalog: the same lists and titles (one data set), a visitor made in each.
  [cached, uncached] = await Promise.all([startApp({}), startApp({ env: { GRAPH_CACHE_TTL_MS: '0' } })]);
  ids = (await (await fetch(`${cached.catalogUrl}/lists/top-rated?from=0&to=9`)).json()).ids;
});
after(async () => {
  await Promise.all([cached?.close(), uncached?.close()]);
});

/**
 * @param {string} base
 * @param {unknown[]} paths
 * @param {string} cookie
 */
async function read(base, paths, cookie) {
  const res = await fetch(`${base}/model.json?method=get&paths=${encodeURIComponent(JSON.stringify(paths))}`, {
    headers: { cookie },
  });
  assert.equal(res.status, 200);
  return (await res.json()).jsonGraph;
}

/** A JSON Graph without falcor's cache bookkeeping ($size), which only the cache's copy carries. */
function plain(/** @type {unknown} */ graph) {
  return JSON.parse(JSON.stringify(graph, (key, value) => (key === '$size' ? undefined : value)));
}

/** Every leaf of `want` is in `got` with the same value. */
function assertHolds(/** @type {any} */ got, /** @type {any} */ want, /** @type {string} */ at = '') {
  for (const [key, value] of Object.entries(want)) {
    if (value !== null && typeof value === 'object' && !('$type' in value))
      assertHolds(got?.[key] ?? {}, value, `${at}.${key}`);
    else assert.deepEqual(got?.[key], value, `${at}.${key}`);
  }
}

test('answers through the cache hold what the router alone answers, for every shape a client may ask', async () => {
  // On each side a visitor with the same title in their list.
  const cookieOf = async (/** @type {string} */ base) => {
    const res = await fetch(`${base}/healthz`);
    return /marquee_visitor=[^;]+/.exec(String(res.headers.get('set-cookie')))?.[0] ?? '';
  };
  const [cookieA, cookieB] = await Promise.all([cookieOf(cached.url), cookieOf(uncached.url)]);
  for (const [cookie, app] of /** @type {const} */ ([
    [cookieA, cached],
    [cookieB, uncached],
  ])) {
    const vid = /s%3A([A-Za-z0-9_-]+)\./.exec(cookie)?.[1];
    assert.ok(vid, `a visitor id in ${cookie}`);
    const put = await fetch(`${app.catalogUrl}/visitors/${vid}/my-list/${ids[1]}`, { method: 'PUT' });
    assert.equal(put.status, 200);
  }
  const shapes = [
    ['a row below the fold', rowQuery(5)],
    ['a title page', titleQuery({ id: ids[2] })],
    ['refs alone', [['lists', 0, { from: 0, to: 4 }]]],
    ['a position', [['lists', 0, 1, 'name']]],
    ['visitor keys alone behind refs', [['lists', 0, { from: 0, to: 3 }, 'inMyList']]],
    [
      'lengths',
      [
        ['lists', 'length'],
        ['myList', 'length'],
      ],
    ],
    ['my list with its titles', [['myList', { from: 0, to: 2 }, ['name', 'inMyList']]]],
    ['a title outright', [['titlesById', ids[1], ['name', 'inMyList', 'userRating']]]],
  ];
  for (const [what, paths] of /** @type {[string, unknown[]][]} */ (shapes)) {
    // Twice through the cache: cold, then warm.
    for (const round of ['cold', 'warm']) {
      const [viaCache, viaRouter] = await Promise.all([
        read(cached.url, paths, cookieA),
        read(uncached.url, paths, cookieB),
      ]);
      assertHolds(plain(viaCache), plain(viaRouter), `${what} (${round})`);
    }
  }
});

test('splittable: page queries go through the cache; ends at refs or positions, or visitor keys alone behind refs, do not', () => {
  assert.equal(splittable(rowQuery(5)), true);
  assert.equal(splittable(titleQuery({ id: 'heat-1995' })), true);
  assert.equal(splittable([['titlesById', 'heat-1995', 'inMyList']]), true);
  assert.equal(splittable([['myList', 'length']]), true);
  assert.equal(splittable([['lists', 0, { from: 0, to: 4 }]]), false);
  assert.equal(splittable([['lists', 0, 3]]), false);
  assert.equal(splittable([['lists', 0, { from: 0, to: 3 }, 'inMyList']]), false);
  assert.equal(splittable([['lists']]), false);
});
