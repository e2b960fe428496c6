// @ts-check
// The catalog's HTTP API, against the real process: every endpoint of
// docs/contracts.md, every kind of bad input with its status, and visitors
// kept apart.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DuplicateRouteError } from '../../server/catalog/errors.js';
import { createRouter } from '../../server/catalog/router.js';
import { startCatalog } from '../helpers/catalog.js';

/** @type {Awaited<ReturnType<typeof startCatalog>>} */
let catalog;
before(async () => {
  catalog = await startCatalog();
});
after(() => catalog?.stop());

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body] JSON-encoded unless already a string
 * @returns {Promise<{ status: number, headers: Headers, body: any }>}
 */
async function call(method, path, body) {
  const res = await fetch(catalog.url + path, {
    method,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/, `${method} ${path} must answer JSON`);
  return { status: res.status, headers: res.headers, body: await res.json() };
}
const get = (/** @type {string} */ path) => call('GET', path);

/** @param {Promise<{ status: number, body: any }>} answer @param {number} status */
async function assertError(answer, status) {
  const { status: actual, body } = await answer;
  assert.equal(actual, status, `expected ${status}, got ${actual}: ${JSON.stringify(body)}`);
  assert.deepEqual(Object.keys(body), ['error']);
  assert.equal(typeof body.error, 'string');
}

describe('catalog', () => {
  test('GET /health counts titles and lists', async () => {
    const { status, body } = await get('/health');
    assert.equal(status, 200);
    assert.equal(body.ok, true);
    assert.ok(body.titles > 3000, `${body.titles} titles`);
    assert.equal(body.lists, (await get('/lists')).body.lists.length);
  });

  test('GET /lists: at least 12, {id, name, length}, top-rated first', async () => {
    const { body } = await get('/lists');
    assert.ok(body.lists.length >= 12);
    assert.deepEqual(body.lists[0], { id: 'top-rated', name: 'Top Rated', length: 100 });
    for (const list of body.lists) assert.deepEqual(Object.keys(list), ['id', 'name', 'length']);
  });

  test('GET /lists?from&to: every list with its ids at those positions, in one answer', async () => {
    const { body } = await get('/lists?from=0&to=9');
    const plain = (await get('/lists')).body.lists;
    assert.equal(body.lists.length, plain.length);
    assert.deepEqual(body.lists[0].ids, (await get('/lists/top-rated?from=0&to=9')).body.ids);
    for (const [i, list] of body.lists.entries()) {
      assert.deepEqual({ id: list.id, name: list.name, length: list.length }, plain[i]);
      assert.equal(list.ids.length, Math.min(10, list.length));
    }
    const past = (await get('/lists?from=5000&to=5001')).body.lists;
    assert.ok(
      past.every((/** @type {any} */ l) => l.ids.length === 0),
      'positions past every end are empty',
    );
  });

  for (const query of ['from=0&to=50', 'from=3&to=1', 'from=-1&to=2', 'from=a&to=2', 'from=0&to=1e3']) {
    test(`bad heads range /lists?${query} → 400`, () => assertError(get(`/lists?${query}`), 400));
  }

  test('GET /lists?from&to&titles: the titles of the lists at those positions come along, and no others', async () => {
    const { body } = await get('/lists?from=0&to=9&titles=0,2');
    const plain = await get('/lists?from=0&to=9');
    assert.deepEqual(body.lists, plain.body.lists, 'the lists as without titles');
    const expected = [...new Set([...body.lists[0].ids, ...body.lists[2].ids])].sort();
    assert.deepEqual(Object.keys(body.titles).sort(), expected, 'every title of lists 0 and 2 there, and only those');
    const [first] = body.lists[0].ids;
    assert.deepEqual(body.titles[first], (await get(`/titles/${first}`)).body, 'each title whole, as /titles/:id');
    assert.equal(plain.body.titles, undefined, 'no titles unless asked for');
    assert.deepEqual(
      (await get('/lists?from=0&to=9&titles=999')).body.titles,
      {},
      'a position past the last list: none',
    );
  });

  for (const query of [
    'titles=a',
    'titles=0,,1',
    'titles=-1',
    'titles=0;1',
    `titles=${Array(101).fill(0).join(',')}`,
  ]) {
    test(`bad list positions /lists?from=0&to=9&${query.slice(0, 20)} → 400`, () =>
      assertError(get(`/lists?from=0&to=9&${query}`), 400));
  }

  test('GET /lists/:id with an inclusive range', async () => {
    const { status, body } = await get('/lists/genre-drama?from=2&to=4');
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body), ['id', 'name', 'length', 'from', 'to', 'ids']);
    assert.equal(body.from, 2);
    assert.equal(body.to, 4);
    assert.equal(body.ids.length, 3);
    const first = (await get('/lists/genre-drama?from=0&to=4')).body.ids;
    assert.deepEqual(body.ids, first.slice(2), 'ranges of one list agree');
  });

  test('to past the end is clamped; a range past the end is empty', async () => {
    const { length } = (await get('/lists/genre-western')).body;
    const clamped = (await get(`/lists/genre-western?from=${length - 2}&to=${length + 100}`)).body;
    assert.equal(clamped.to, length - 1);
    assert.equal(clamped.ids.length, 2);
    const beyond = await get(`/lists/genre-western?from=${length + 5}&to=${length + 10}`);
    assert.equal(beyond.status, 200);
    assert.deepEqual(beyond.body.ids, []);
  });

  test('without a range, the first ten', async () => {
    const { body } = await get('/lists/top-rated');
    assert.equal(body.from, 0);
    assert.equal(body.to, 9);
    assert.equal(body.ids.length, 10);
  });

  test('a span of 500 is served, 501 is not', async () => {
    assert.equal((await get('/lists/genre-drama?from=0&to=499')).body.ids.length, 500);
    await assertError(get('/lists/genre-drama?from=0&to=500'), 400);
  });

  for (const query of [
    'from=5&to=4',
    'from=-1&to=3',
    'from=0&to=-1',
    'from=1.5&to=3',
    'from=abc',
    'to=',
    'from=0&to=1e3',
    'from=0&to=1000000000',
  ]) {
    test(`bad range ${query} → 400`, () => assertError(get(`/lists/top-rated?${query}`), 400));
  }

  test('unknown list → 404', () => assertError(get('/lists/genre-opera?from=0&to=9'), 404));

  test('GET /titles?ids= answers found and missing', async () => {
    const { status, body } = await get('/titles?ids=gone-with-the-wind-1939,no-such-film-1999,the-land-girls-1998');
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body.titles), ['gone-with-the-wind-1939', 'the-land-girls-1998']);
    assert.deepEqual(body.missing, ['no-such-film-1999']);
    assert.deepEqual(body.titles['gone-with-the-wind-1939'], {
      id: 'gone-with-the-wind-1939',
      name: 'Gone with the Wind',
      year: 1939,
      rating: 8.2,
      genre: 'Drama',
      director: 'George Cukor',
      runtime: 222,
      mpaa: 'G',
      tagline: 'A 1939 drama directed by George Cukor, rated G, 222 minutes.',
      boxart: '/art/gone-with-the-wind-1939.svg',
    });
  });

  test('200 ids are served, 201 are not', async () => {
    const ids = (await get('/lists/genre-drama?from=0&to=199')).body.ids;
    const { body } = await get(`/titles?ids=${ids.join(',')}`);
    assert.equal(Object.keys(body.titles).length, 200);
    await assertError(get(`/titles?ids=${[...ids, 'one-more-2000'].join(',')}`), 400);
  });

  for (const query of ['', 'ids=', 'ids=Bad_Id', 'ids=a,,b', 'ids=__proto__', `ids=${'a'.repeat(81)}`]) {
    test(`bad ids "${query.slice(0, 20)}" → 400`, () => assertError(get(`/titles?${query}`), 400));
  }

  test('GET /titles/:id', async () => {
    const { status, body } = await get('/titles/the-land-girls-1998');
    assert.equal(status, 200);
    assert.equal(body.name, 'The Land Girls');
    await assertError(get('/titles/no-such-film-1999'), 404);
    await assertError(get('/titles/Not_An_Id'), 400);
    await assertError(get('/titles/%E0%A4%A'), 400);
  });

  test('GET /more-like-this: the lists like each title, their ids and titles, in one answer', async () => {
    const { body: top } = await get('/lists/top-rated?from=0&to=1');
    const [id, other] = top.ids;
    const { body: title } = await get(`/titles/${id}`);
    const { status, body } = await get(`/more-like-this?ids=${id},${other},no-such-film-1999&from=0&to=10`);
    assert.equal(status, 200);
    assert.deepEqual(body.missing, ['no-such-film-1999']);
    assert.deepEqual(Object.keys(body.similar).sort(), [id, other].sort());
    const like = body.similar[id];
    assert.ok(like.length >= 1 && like.length <= 2, 'one or two lists');
    // Its genre's list first when there is one (the contract's rule).
    if (title.genre) assert.equal(like[0], `genre-${title.genre.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`);
    assert.deepEqual(body.titles[id], title, 'the title itself is in the answer');
    for (const listId of [...like, ...body.similar[other]]) {
      const list = body.lists[listId];
      const { body: direct } = await get(`/lists/${listId}?from=0&to=10`);
      assert.deepEqual(
        { id: list.id, name: list.name, length: list.length, from: list.from, to: list.to, ids: list.ids },
        { id: direct.id, name: direct.name, length: direct.length, from: 0, to: direct.to, ids: direct.ids },
        'the same ids as GET /lists/:id over that range',
      );
      for (const listed of list.ids) assert.equal(body.titles[listed]?.id, listed, `${listed} comes with the answer`);
    }
    const many = Array.from({ length: 21 }, (_, i) => `film-${i}-2000`).join(',');
    await assertError(get(`/more-like-this?ids=${many}`), 400);
    await assertError(get(`/more-like-this?ids=${id}&from=0&to=50`), 400);
    await assertError(get(`/more-like-this?ids=${id}&from=3&to=1`), 400);
    await assertError(get('/more-like-this?ids=Not_An_Id'), 400);
    await assertError(get('/more-like-this'), 400);
  });

  test('unknown route → 404, wrong method → 405 with Allow', async () => {
    await assertError(get('/nope'), 404);
    await assertError(get('/lists/top-rated/extra'), 404);
    const answer = call('DELETE', '/lists');
    await assertError(answer, 405);
    assert.equal((await answer).headers.get('allow'), 'GET');
  });
});

describe('visitors', () => {
  const alice = '/visitors/alice-0001';
  const bob = '/visitors/bob_00002';

  test('my list: empty, add newest first, idempotent add and remove', async () => {
    assert.deepEqual((await get(`${alice}/my-list`)).body, { ids: [] });
    await call('PUT', `${alice}/my-list/gone-with-the-wind-1939`);
    assert.deepEqual((await call('PUT', `${alice}/my-list/the-land-girls-1998`)).body, {
      ids: ['the-land-girls-1998', 'gone-with-the-wind-1939'],
    });
    assert.deepEqual(
      (await call('PUT', `${alice}/my-list/gone-with-the-wind-1939`)).body.ids,
      ['the-land-girls-1998', 'gone-with-the-wind-1939'],
      'adding again changes nothing',
    );
    assert.deepEqual((await call('DELETE', `${alice}/my-list/the-land-girls-1998`)).body, {
      ids: ['gone-with-the-wind-1939'],
    });
    assert.deepEqual((await call('DELETE', `${alice}/my-list/the-land-girls-1998`)).body, {
      ids: ['gone-with-the-wind-1939'],
    });
    assert.deepEqual((await get(`${alice}/my-list`)).body, { ids: ['gone-with-the-wind-1939'] });
  });

  test('my list: unknown title 404, malformed ids 400', async () => {
    await assertError(call('PUT', `${alice}/my-list/no-such-film-1999`), 404);
    await assertError(call('PUT', `${alice}/my-list/Bad_Id`), 400);
    await assertError(get('/visitors/short/my-list'), 400);
    await assertError(get(`/visitors/${'v'.repeat(65)}/my-list`), 400);
    await assertError(call('DELETE', '/visitors/has.dot.in.it/my-list/the-land-girls-1998'), 400);
  });

  test('ratings: set, read, clear', async () => {
    assert.deepEqual((await call('PUT', `${alice}/ratings/gone-with-the-wind-1939`, { rating: 4 })).body, {
      id: 'gone-with-the-wind-1939',
      rating: 4,
    });
    assert.deepEqual((await get(`${alice}/ratings?ids=gone-with-the-wind-1939,the-land-girls-1998`)).body, {
      ratings: { 'gone-with-the-wind-1939': 4, 'the-land-girls-1998': null },
    });
    assert.deepEqual((await call('PUT', `${alice}/ratings/gone-with-the-wind-1939`, { rating: null })).body, {
      id: 'gone-with-the-wind-1939',
      rating: null,
    });
    assert.deepEqual((await get(`${alice}/ratings?ids=gone-with-the-wind-1939`)).body.ratings, {
      'gone-with-the-wind-1939': null,
    });
  });

  for (const body of [
    { rating: 0 },
    { rating: 6 },
    { rating: 3.5 },
    { rating: '4' },
    {},
    [4],
    'null',
    '{"rating": 4',
    '',
  ]) {
    test(`bad rating body ${JSON.stringify(body)} → 400`, () =>
      assertError(call('PUT', `${alice}/ratings/gone-with-the-wind-1939`, body), 400));
  }

  test('ratings: unknown title 404, bad ids 400, body over 16 KB 413', async () => {
    await assertError(call('PUT', `${alice}/ratings/no-such-film-1999`, { rating: 3 }), 404);
    await assertError(get(`${alice}/ratings?ids=Bad_Id`), 400);
    await assertError(get(`${alice}/ratings`), 400);
    const padding = ' '.repeat(17 * 1024);
    await assertError(call('PUT', `${alice}/ratings/gone-with-the-wind-1939`, `{"rating": 3}${padding}`), 413);
  });

  test('visitors are kept apart', async () => {
    await call('PUT', `${alice}/my-list/the-land-girls-1998`);
    await call('PUT', `${alice}/ratings/the-land-girls-1998`, { rating: 5 });
    await call('PUT', `${bob}/ratings/the-land-girls-1998`, { rating: 1 });
    assert.deepEqual((await get(`${bob}/my-list`)).body, { ids: [] });
    assert.equal((await get(`${alice}/ratings?ids=the-land-girls-1998`)).body.ratings['the-land-girls-1998'], 5);
    assert.equal((await get(`${bob}/ratings?ids=the-land-girls-1998`)).body.ratings['the-land-girls-1998'], 1);
  });
});

// The visitor store's limits, refusals and durability: catalog-visitor-store*.test.js.

test('registering a route twice is a start-up error', () => {
  const router = createRouter();
  router.add('GET', '/lists/:listId', () => ({}));
  assert.throws(() => router.add('GET', '/lists/:other', () => ({})), DuplicateRouteError);
});

test('the process stops by itself when its parent lets go of the IPC channel', async () => {
  const orphan = await startCatalog();
  const exited = new Promise((resolve) => orphan.child.once('exit', (code) => resolve(code)));
  orphan.child.disconnect();
  const code = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000, 'still running'))]);
  await orphan.stop();
  assert.equal(code, 0, 'an orphaned catalog would hold its port forever');
});
