// @ts-check
// falcorEndpoint() on a bare express() app, over the real catalog process and
// the real upstream pool: what falcor's HttpDataSource sends is answered,
// everything else is refused fast, and upstream faults become error atoms.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import express from 'express';
import { falcorEndpoint } from '../../../server/falcor/endpoint.js';
import { createRouter } from '../../../server/falcor/router.js';
import { createCatalogClients } from '../../../server/upstream/index.js';
import { createUpstream } from '../../../server/upstream/pool.js';
import { serverTiming } from '../../../server/middleware/server-timing.js';
import { startCatalog } from '../../helpers/catalog.js';

const VISITOR = 'visitor-aaaa-1111';
const OTHER = 'visitor-bbbb-2222';
const MAX_PATHS = 1000;

/** @type {Awaited<ReturnType<typeof startCatalog>>} */
let catalog;
/** @type {ReturnType<typeof createUpstream>} */
let upstream;
/** @type {import('node:http').Server} */
let server;
let base = '';
/** @type {{ obj: any, msg: string }[]} */
const logged = [];
const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

before(async () => {
  catalog = await startCatalog();
  upstream = createUpstream({ url: catalog.url, connections: 8, timeoutMs: 300 });
  const clients = createCatalogClients(upstream);
  const log = {
    warn: (/** @type {any} */ obj, /** @type {string} */ msg) => logged.push({ obj, msg }),
    error: (/** @type {any} */ obj, /** @type {string} */ msg) => logged.push({ obj, msg }),
  };
  // Test-only identity: the app reads the visitor from a signed cookie instead.
  const createRouterFor = (/** @type {import('express').Request} */ req) =>
    createRouter({ clients, visitorId: req.get('x-test-visitor') ?? null, log });
  const endpoint = falcorEndpoint({ createRouterFor, maxPaths: MAX_PATHS, maxBodyBytes: 64 * 1024, log });
  const app = express();
  // As in server/app.js: the server's own time, Server-Timing `total`.
  app.use(serverTiming());
  app.get('/model.json', endpoint);
  app.post('/model.json', endpoint);
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/model.json`;
});

after(async () => {
  server?.closeAllConnections();
  server?.close();
  await upstream?.close();
  await catalog?.stop();
});

/** Encodes a get the way falcor's HttpDataSource does. @param {unknown[]} paths */
function get(paths, visitor = VISITOR) {
  return fetch(`${base}?paths=${encodeURIComponent(JSON.stringify(paths))}&method=get`, {
    headers: { 'x-test-visitor': visitor },
  });
}

/** @param {string | Record<string, unknown>} body form fields (JSON-encoded like HttpDataSource) or raw text */
function post(body, { visitor = VISITOR, type = 'application/x-www-form-urlencoded' } = {}) {
  const text =
    typeof body === 'string'
      ? body
      : Object.entries(body)
          .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
          .join('&');
  return fetch(base, { method: 'POST', headers: { 'content-type': type, 'x-test-visitor': visitor }, body: text });
}

/** @param {string} path */
function setFaults(path, faults = {}) {
  return fetch(`${catalog.url}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
}

function assertPrototypeClean() {
  assert.equal(/** @type {any} */ ({}).polluted, undefined, 'Object.prototype was polluted');
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), prototypeNames, 'Object.prototype gained keys');
  assert.deepEqual(Object.keys(Object.prototype.hasOwnProperty), [], 'a builtin function gained keys');
}

test('get: answers the JSON Graph, as JSON nobody may cache', async () => {
  const res = await get([
    ['lists', { from: 0, to: 1 }, 'name'],
    ['lists', 0, { from: 0, to: 2 }, ['name', 'year']],
  ]);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(res.headers.get('cache-control'), 'private, no-cache');
  const { jsonGraph } = await res.json();
  assert.equal(typeof jsonGraph.lists[1].name, 'string');
  const ref = jsonGraph.lists[0][0];
  assert.equal(ref.$type, 'ref');
  assert.equal(typeof jsonGraph.titlesById[ref.value[1]].year, 'number');
});

test('post: get as a JSON body, set and call as HttpDataSource sends them', async () => {
  const idRes = await (
    await post(JSON.stringify({ method: 'get', paths: [['lists', 0, { from: 0, to: 1 }]] }), {
      type: 'application/json',
    })
  ).json();
  const [first, second] = [idRes.jsonGraph.lists[0][0].value[1], idRes.jsonGraph.lists[0][1].value[1]];

  const set = await post({
    method: 'set',
    jsonGraph: {
      jsonGraph: { titlesById: { [first]: { userRating: 5 } } },
      paths: [['titlesById', first, 'userRating']],
    },
  });
  assert.equal(set.status, 200);
  assert.equal((await set.json()).jsonGraph.titlesById[first].userRating, 5);

  const call = await post({
    method: 'call',
    callPath: ['myList', 'add'],
    arguments: [second],
    pathSuffixes: [],
    paths: [['length']],
  });
  assert.equal(call.status, 200);
  const answer = await call.json();
  assert.equal(answer.jsonGraph.myList.length, 1);
  assert.deepEqual(answer.invalidated, [['myList']]);
  const mine = await (
    await get([
      ['myList', 0, 'name'],
      ['titlesById', first, 'userRating'],
    ])
  ).json();
  assert.equal(typeof mine.jsonGraph.titlesById[second].name, 'string');
  assert.equal(mine.jsonGraph.titlesById[first].userRating, 5);
});

test('visitor isolation over HTTP: another visitor sees neither my list nor my ratings', async () => {
  const lists = await (await get([['lists', 0, 0]], OTHER)).json();
  const id = lists.jsonGraph.lists[0][0].value[1];
  await post(
    {
      method: 'set',
      jsonGraph: { jsonGraph: { titlesById: { [id]: { userRating: 2 } } }, paths: [['titlesById', id, 'userRating']] },
    },
    { visitor: OTHER },
  );
  const theirs = await (
    await get(
      [
        ['myList', 'length'],
        ['titlesById', id, 'userRating'],
      ],
      OTHER,
    )
  ).json();
  assert.equal(theirs.jsonGraph.myList.length, 0, "OTHER must not see VISITOR's list");
  assert.equal(theirs.jsonGraph.titlesById[id].userRating, 2);
  const mine = await (await get([['titlesById', id, 'userRating']], VISITOR)).json();
  assert.notEqual(mine.jsonGraph.titlesById[id].userRating, 2, "VISITOR must not see OTHER's rating");
});

const enc = (/** @type {unknown} */ v) => encodeURIComponent(JSON.stringify(v));
const range = (/** @type {number} */ from, /** @type {number} */ to) => ({ from, to });

/**
 * How long the server may take to refuse a bad request (Server-Timing
 * `total`, its own time, not the fetch's): checking a request takes about a
 * millisecond; falcor-router expanding a range before refusing it, 80-160 ms.
 */
const REFUSAL_MS = 10;

/** @param {Response} res @returns {number} Server-Timing `total`, in ms */
function serverTotal(res) {
  const timing = res.headers.get('server-timing') ?? '';
  const total = Number(/(?:^|,\s*)total;dur=([\d.]+)/.exec(timing)?.[1]);
  assert.ok(Number.isFinite(total), `Server-Timing total on a ${res.status}, got "${timing}"`);
  return total;
}

/** Each case: [what, request], answered with `status` and a short JSON error. */
const BAD_REQUESTS = /** @type {[string, number, () => Promise<Response>][]} */ ([
  ['malformed JSON in paths', 400, () => fetch(`${base}?method=get&paths=${encodeURIComponent('[["lists",0')}`)],
  ['malformed JSON in jsonGraph', 400, () => post('method=set&jsonGraph=%7Bnope')],
  ['malformed JSON in callPath', 400, () => post('method=call&callPath=%5B%22myList')],
  ['malformed JSON in arguments', 400, () => post(`method=call&callPath=${enc(['myList', 'add'])}&arguments=%5Bx`)],
  ['malformed JSON body', 400, () => post('{"method":"get",', { type: 'application/json' })],
  ['no method', 400, () => fetch(`${base}?paths=${enc([['lists', 'length']])}`)],
  [
    'a router method that is not get/set/call',
    400,
    () => post({ method: 'routeUnhandledPathsTo', paths: [['lists', 'length']] }),
  ],
  ['the _setOptions method', 400, () => fetch(`${base}?method=_setOptions&paths=${enc([['lists', 'length']])}`)],
  ['call over GET', 405, () => fetch(`${base}?method=call&callPath=${enc(['myList', 'add'])}&arguments=${enc(['x'])}`)],
  [
    'paths given twice',
    400,
    () => fetch(`${base}?method=get&paths=${enc([['lists', 'length']])}&paths=${enc([['lists', 'length']])}`),
  ],
  ['paths not an array of paths', 400, () => fetch(`${base}?method=get&paths=${enc(['lists', 'length'])}`)],
  ['a range of a billion', 400, () => get([['lists', range(0, 1e9), 'name']])],
  ['ranges whose product is past maxPaths', 400, () => get([['lists', range(0, 99), range(0, 99), 'name']])],
  [
    'many paths past maxPaths together',
    400,
    () => get(Array.from({ length: 11 }, () => ['lists', range(0, 99), 'name'])),
  ],
  ['a range with length past maxPaths', 400, () => get([['lists', { from: 0, length: 5000 }, 'name']])],
  ['a negative index', 400, () => get([['lists', -1, 'name']])],
  ['a fractional index', 400, () => get([['lists', 1.5, 'name']])],
  ['a huge index', 400, () => fetch(`${base}?method=get&paths=${encodeURIComponent('[["lists",1e400,"name"]]')}`)],
  ['a negative range', 400, () => get([['lists', range(-5, 2), 'name']])],
  ['a reversed range', 400, () => get([['lists', range(5, 2), 'name']])],
  ['a range with extra keys', 400, () => get([['lists', { from: 0, to: 2, evil: 1 }, 'name']])],
  ['nested key sets', 400, () => get([['lists', [[0]], 'name']])],
  ['__proto__ as a path key', 400, () => get([['titlesById', '__proto__', 'name']])],
  ['constructor as a path key', 400, () => get([['titlesById', 'constructor', 'userRating']])],
  ['prototype in a key set', 400, () => get([['titlesById', ['a', 'prototype'], 'name']])],
  ['hasOwnProperty as a path key', 400, () => get([['titlesById', 'hasOwnProperty', 'userRating']])],
  [
    '__proto__ in jsonGraph',
    400,
    () =>
      post(
        `method=set&jsonGraph=${encodeURIComponent('{"jsonGraph":{"titlesById":{"__proto__":{"polluted":{"userRating":1}}}},"paths":[["titlesById","x","userRating"]]}')}`,
      ),
  ],
  [
    'constructor.prototype in jsonGraph',
    400,
    () =>
      post(
        `method=set&jsonGraph=${encodeURIComponent('{"jsonGraph":{"constructor":{"prototype":{"polluted":1}}},"paths":[["lists","length"]]}')}`,
      ),
  ],
  ['__proto__ in callPath', 400, () => post({ method: 'call', callPath: ['__proto__', 'add'], arguments: [] })],
  [
    '__proto__ in arguments',
    400,
    () =>
      post(
        `method=call&callPath=${enc(['myList', 'add'])}&arguments=${encodeURIComponent('[{"__proto__":{"polluted":1}}]')}`,
      ),
  ],
  [
    '__proto__ in pathSuffixes',
    400,
    () => post({ method: 'call', callPath: ['myList', 'add'], arguments: ['x'], pathSuffixes: [['__proto__']] }),
  ],
  [
    '__proto__ at the top of a JSON body',
    400,
    () =>
      post('{"method":"get","paths":[["lists","length"]],"__proto__":{"polluted":1}}', { type: 'application/json' }),
  ],
  ['a set that is not an envelope', 400, () => post({ method: 'set', jsonGraph: [] })],
  ['a callPath not ending in a name', 400, () => post({ method: 'call', callPath: ['myList', 0], arguments: [] })],
  ['a call to no function', 400, () => post({ method: 'call', callPath: ['myList', 'explode'], arguments: [] })],
  ['an unsupported content type', 415, () => post('x', { type: 'multipart/form-data; boundary=x' })],
  // What a cross-site form or a no-cors fetch can send; the client never does.
  ['a text/plain body', 415, () => post(`method=get&paths=${enc([['lists', 'length']])}`, { type: 'text/plain' })],
  ['a body of no type', 415, () => fetch(base, { method: 'POST', body: new Blob(['method=get']) })],
  [
    'a set whose path has no value in its jsonGraph',
    400,
    () =>
      post({
        method: 'set',
        jsonGraph: { jsonGraph: { titlesById: { a: { userRating: 5 } } }, paths: [['titlesById', 'b', 'userRating']] },
      }),
  ],
  [
    'a set whose path runs through a value',
    400,
    () => post({ method: 'set', jsonGraph: { jsonGraph: { lists: 3 }, paths: [['lists', 'length']] } }),
  ],
  [
    'a set with one of its range missing',
    400,
    () =>
      post({
        method: 'set',
        jsonGraph: { jsonGraph: { lists: { 0: { name: 'x' } } }, paths: [['lists', range(0, 1), 'name']] },
      }),
  ],
  [
    'a set on a read-only path',
    400,
    () =>
      post({
        method: 'set',
        jsonGraph: { jsonGraph: { titlesById: { a: { name: 'x' } } }, paths: [['titlesById', 'a', 'name']] },
      }),
  ],
  [
    'a set on a read-only path beside a writable one',
    400,
    () =>
      post({
        method: 'set',
        jsonGraph: {
          jsonGraph: { titlesById: { a: { userRating: 4, year: 1 } } },
          paths: [['titlesById', 'a', ['userRating', 'year']]],
        },
      }),
  ],
  [
    'a set on a path no route has',
    400,
    () => post({ method: 'set', jsonGraph: { jsonGraph: { nothing: { here: 1 } }, paths: [['nothing', 'here']] } }),
  ],
  [
    'a declared body over maxBodyBytes',
    413,
    () => post(`method=get&paths=${enc([['lists', 'length']])}&pad=${'x'.repeat(70_000)}`),
  ],
  [
    'a streamed body over maxBodyBytes',
    413,
    () =>
      fetch(base, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new ReadableStream({
          start(c) {
            for (let i = 0; i < 70; i += 1) c.enqueue(new TextEncoder().encode('x'.repeat(1000)));
            c.close();
          },
        }),
        // @ts-ignore undici needs this for a streamed request body
        duplex: 'half',
      }),
  ],
]);

for (const [what, status, send] of BAD_REQUESTS) {
  test(`refuses ${what} with ${status}, in under ${REFUSAL_MS} ms of server time`, async () => {
    // Once untimed: a process's first refusal of a kind pays one-time costs
    // (JIT; the first Error stack under tsx parses source maps, ~8 ms for
    // falcor-router's CallNotFoundError). Expanding a range costs every time.
    await (await send()).arrayBuffer();
    const res = await send();
    assert.equal(res.status, status, `${what}: ${await res.clone().text()}`);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    const body = await res.json();
    assert.equal(typeof body.error, 'string');
    assert.ok(body.error.length < 80, 'errors are short');
    // On a loaded machine the scheduler now and then adds a few ms to one
    // request; expanding a range adds 80-160 ms to every one: best of three.
    const times = [serverTotal(res)];
    while (times.length < 3 && times[times.length - 1] >= REFUSAL_MS) {
      const again = await send();
      await again.arrayBuffer();
      times.push(serverTotal(again));
    }
    assert.ok(
      Math.min(...times) < REFUSAL_MS,
      `${what}: refused in ${times.join(', ')} ms of server time; check it before falcor-router expands ranges`,
    );
    assertPrototypeClean();
  });
}

test('malformed and read-only sets are refused before any route runs: nothing logged, nothing written', async () => {
  const lists = await (await get([['lists', 0, 0]])).json();
  const id = lists.jsonGraph.lists[0][0].value[1];
  const before = (await (await get([['titlesById', id, ['userRating', 'name']]])).json()).jsonGraph.titlesById[id];
  logged.length = 0;
  const refused = await Promise.all([
    post({ method: 'set', jsonGraph: { jsonGraph: {}, paths: [['titlesById', id, 'userRating']] } }),
    post({
      method: 'set',
      jsonGraph: {
        jsonGraph: { titlesById: { [id]: { userRating: 1, name: 'Renamed' } } },
        paths: [['titlesById', id, ['userRating', 'name']]],
      },
    }),
  ]);
  assert.deepEqual(
    refused.map((res) => res.status),
    [400, 400],
  );
  assert.deepEqual(logged, [], "a refused set is the client's mistake: no stack trace, no log line");
  const after = (await (await get([['titlesById', id, ['userRating', 'name']]])).json()).jsonGraph.titlesById[id];
  assert.deepEqual(after, before, 'the writable path beside the read-only one was not written either');
});

test('the server still answers after every refusal', async () => {
  const res = await get([['lists', 'length']]);
  assert.equal(res.status, 200);
  assert.equal(typeof (await res.json()).jsonGraph.lists.length, 'number');
  assertPrototypeClean();
});

for (const fault of ['error', 'stall', 'reset']) {
  test(`an upstream ${fault} becomes an error atom with $expires 0 and no detail; the next request works`, async () => {
    const lists = await (await get([['lists', 0, { from: 0, to: 2 }]])).json();
    const ids = [0, 1, 2].map((i) => lists.jsonGraph.lists[0][i].value[1]);
    logged.length = 0;
    await setFaults('/_faults', { [fault]: 1, only: '/titles' });
    try {
      const res = await get([['titlesById', ids, ['name', 'year']]]);
      assert.equal(res.status, 200);
      const text = await res.text();
      assert.doesNotMatch(
        text,
        /injected|127\.0\.0\.1|timeout|took longer|socket|500|ECONN/i,
        'internal detail leaked',
      );
      const { jsonGraph } = JSON.parse(text);
      for (const id of ids) {
        assert.deepEqual(jsonGraph.titlesById[id].name, {
          $type: 'error',
          value: { message: 'temporarily unavailable' },
          $expires: 0,
        });
      }
      assert.ok(logged.length > 0, 'the failure detail belongs in the log');
    } finally {
      await setFaults('/_faults', {});
    }
    const again = await (await get([['titlesById', ids[0], 'name']])).json();
    assert.equal(typeof again.jsonGraph.titlesById[ids[0]].name, 'string');
  });
}

// Expanding one of these ranges would never end (9e15 indices), so an answer
// at all is the proof; the test's timeout catches a hang. No bound in ms: a
// loaded machine's timers made one fail here (23 ms against 10).
test('validation counts ranges without expanding them', { timeout: 60_000 }, async () => {
  const { validateFalcorRequest } = await import('../../../server/falcor/validate-request.js');
  const huge = JSON.stringify(
    Array.from({ length: 200 }, () => [
      'lists',
      { from: 0, to: Number.MAX_SAFE_INTEGER },
      [{ from: 0, to: 1e15 }],
      'name',
    ]),
  );
  assert.throws(
    () => validateFalcorRequest('GET', (name) => ({ method: 'get', paths: huge })[name], { maxPaths: MAX_PATHS }),
    /too many paths/,
  );
});
