// @ts-check
// The app pointed at someone else's API: CATALOG_URL with a base path and
// UPSTREAM_HEADERS from the configuration. A fake upstream served under
// /api/v1 records every request: each must go under the base path and carry
// the headers, and the header values must never reach a log line.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import { loadConfig } from '../../../server/config/load.js';
import { createApp } from '../../../server/app.js';
import { createUpstream } from '../../../server/upstream/pool.js';
import { UpstreamError } from '../../../server/upstream/errors.js';
import { serveFakeUpstream } from '../../helpers/fake-upstream.js';

const API_KEY = 'k3y-that-must-never-be-logged';
const HEADERS = JSON.stringify({ 'X-Api-Key': API_KEY, 'x-tenant': 'marquee' });

/** @type {Awaited<ReturnType<typeof serveFakeUpstream>>} */
let api;
/** @type {ReturnType<typeof createApp>} */
let built;
/** @type {import('node:http').Server} */
let server;
let base = '';
let logged = '';

before(async () => {
  api = await serveFakeUpstream({
    basePath: '/api/v1',
    // One failing call, so the app logs an upstream error: it must not carry the key either.
    fail: (method, path) =>
      method === 'GET' && path.includes('/ratings')
        ? new UpstreamError('ratings are down', { code: 'http', status: 503 })
        : undefined,
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    // A trailing slash is the same base path.
    CATALOG_URL: `${api.url}/`,
    UPSTREAM_HEADERS: HEADERS,
  });
  assert.equal(config.catalog.url, api.url);
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged += chunk;
      done();
    },
  });
  const log = pino({ level: 'trace' }, sink);
  log.info({ config }, 'configuration');
  built = createApp(config, { catalogUrl: /** @type {string} */ (config.catalog.url), log });
  server = built.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
});

after(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await built?.close();
  await api?.close();
});

/** @param {unknown} value */
const enc = (value) => encodeURIComponent(JSON.stringify(value));

test('every upstream call goes under the base path and carries the configured headers', async () => {
  const ready = await fetch(`${base}/readyz`);
  assert.equal(ready.status, 200, 'readyz asks the upstream for /health under the base path');

  const id = api.fake.lists[0].ids[0];
  // A title of no row asked for: its fields need a titles call (a row's titles come with its ids).
  const other = api.fake.lists.flatMap((l) => l.ids).find((t) => !api.fake.lists[0].ids.includes(t));
  assert.ok(other, 'the fake catalog has a title outside list 0');
  // A returning visitor (a first visit asks the upstream nothing about the visitor).
  const cookie = ready.headers.get('set-cookie')?.split(';')[0] ?? '';
  assert.ok(cookie, 'the first answer hands out a visitor cookie');
  const read = await fetch(
    `${base}/model.json?method=get&paths=${enc([
      ['lists', 0, 'name'],
      ['lists', 0, 0, 'name'],
      ['titlesById', id, ['userRating', 'inMyList']],
      ['titlesById', other, 'name'],
      ['myList', 'length'],
    ])}`,
    { headers: { cookie } },
  );
  assert.equal(read.status, 200);
  const graph = (await read.json()).jsonGraph;
  assert.equal(graph.lists[0].name, 'List 0');
  assert.equal(graph.titlesById[id].name, `Film ${id}`);
  assert.equal(graph.titlesById[other].name, `Film ${other}`);

  const call = await fetch(`${base}/model.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: `method=call&callPath=${enc(['myList', 'add'])}&arguments=${enc([id])}&pathSuffixes=${enc([])}&paths=${enc([['length']])}`,
  });
  assert.equal(call.status, 200);
  assert.equal((await call.json()).jsonGraph.myList.length, 1);

  const seen = new Set(api.requests.map((r) => `${r.method} ${r.url.split('?')[0].split('/').slice(0, 5).join('/')}`));
  for (const expected of ['GET /api/v1/health', 'GET /api/v1/lists', 'GET /api/v1/titles', 'PUT /api/v1/visitors/']) {
    assert.ok(
      [...seen].some((s) => s.startsWith(expected)),
      `expected a call ${expected}…, saw ${[...seen].join(', ')}`,
    );
  }
  for (const request of api.requests) {
    const where = `${request.method} ${request.url}`;
    assert.ok(request.url.startsWith('/api/v1/'), `${where} is outside the base path`);
    assert.equal(request.headers['x-api-key'], API_KEY, `${where} lacks x-api-key`);
    assert.equal(request.headers['x-tenant'], 'marquee', `${where} lacks x-tenant`);
  }
});

test('the header values never reach the logs, even with an upstream error logged', async () => {
  // The ratings call above failed on purpose: something was logged about it.
  assert.match(logged, /ratings are down|falcor route failed/, 'expected the failed ratings call in the log');
  assert.match(logged, /"x-api-key":"\[redacted\]"/, 'the configuration prints header names only');
  assert.ok(!logged.includes(API_KEY), 'an UPSTREAM_HEADERS value was logged');
});

test('createUpstream: a base path with or without its slash, and per-call headers over the configured ones', async () => {
  for (const url of [api.url, `${api.url}/`, `${api.url}//`]) {
    const upstream = createUpstream({ url, headers: { 'x-api-key': 'a' } });
    try {
      const before = api.requests.length;
      await upstream.requestJson('GET', '/lists', undefined, { headers: { 'x-api-key': 'b' } });
      const [request] = api.requests.slice(before);
      assert.equal(request.url, '/api/v1/lists', url);
      assert.equal(request.headers['x-api-key'], 'b', 'a call may override a configured header');
      assert.equal(request.headers.accept, 'application/json');
    } finally {
      await upstream.close();
    }
  }
  assert.throws(() => createUpstream({ url: `${api.url}?key=1` }), /query string or fragment/);
});

test('createUpstream: errors name the path as sent; metrics get the call path', async () => {
  /** @type {string[]} */
  const paths = [];
  const upstream = createUpstream({ url: api.url, onCall: ({ path }) => paths.push(path) });
  try {
    const error = await upstream.requestJson('GET', '/lists/no-such-list?from=0&to=1').then(
      () => assert.fail('expected a 404'),
      (e) => e,
    );
    assert.ok(error instanceof UpstreamError);
    assert.equal(error.status, 404);
    assert.match(error.message, /GET \/api\/v1\/lists\/no-such-list/);
    assert.deepEqual(paths, ['/lists/no-such-list?from=0&to=1']);
  } finally {
    await upstream.close();
  }
});
