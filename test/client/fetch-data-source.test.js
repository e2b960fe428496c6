// @ts-check
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import falcor from 'falcor';
import { FetchDataSource, DataSourceError } from '../../client/fetch-data-source.js';

/**
 * @typedef {{ method?: string, url?: string, headers: import('node:http').IncomingHttpHeaders, body: string }} Received
 */

/** @type {Received[]} */
let received = [];
/** What the server answers next: status, body text, and an optional delay. */
let reply = { status: 200, body: '{"jsonGraph":{}}', delayMs: 0 };
let closedEarly = 0;

const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received.push({ method: req.method, url: req.url, headers: req.headers, body });
    const { status, body: text, delayMs } = reply;
    const timer = setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(text), delayMs);
    res.on('close', () => {
      if (!res.writableEnded) closedEarly++;
      clearTimeout(timer);
    });
  });
});

let url = '';
before(async () => {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/model.json`;
});
after(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  received = [];
  reply = { status: 200, body: '{"jsonGraph":{}}', delayMs: 0 };
  closedEarly = 0;
});

/**
 * Subscribes with functions and collects what the observable delivers.
 * @param {import('../../client/fetch-data-source.js').Observable} observable
 */
function collect(observable) {
  /** @type {{ next: unknown[], error?: any, completed: boolean }} */
  const seen = { next: [], completed: false };
  return new Promise((resolve) => {
    observable.subscribe(
      (value) => seen.next.push(value),
      (error) => {
        seen.error = error;
        resolve(seen);
      },
      () => {
        seen.completed = true;
        resolve(seen);
      },
    );
  }).then(() => seen);
}

test('get: GET ?method=get&paths=<JSON>, the envelope to onNext, then onCompleted', async () => {
  reply.body = JSON.stringify({ jsonGraph: { lists: { length: 20 } } });
  const paths = [
    ['lists', 'length'],
    ['lists', { from: 0, to: 2 }, ['id', 'name']],
  ];
  const seen = await collect(new FetchDataSource(url).get(paths));
  assert.deepEqual(seen, { next: [{ jsonGraph: { lists: { length: 20 } } }], completed: true });
  const [request] = received;
  assert.equal(request.method, 'GET');
  const query = new URL(request.url ?? '', 'http://x').searchParams;
  assert.equal(query.get('method'), 'get');
  assert.deepEqual(JSON.parse(query.get('paths') ?? ''), paths);
  assert.doesNotMatch(request.url ?? '', /\+/, 'spaces and plus signs are percent-encoded');
  assert.equal(request.headers.accept, 'application/json');
});

test('get: a url with a query string already gets "&", not a second "?"', async () => {
  await collect(new FetchDataSource(`${url}?v=1`).get([['lists', 'length']]));
  assert.match(received[0].url ?? '', /^\/model\.json\?v=1&method=get&paths=/);
});

test('set: POST form-urlencoded method=set&jsonGraph=<envelope>', async () => {
  const envelope = {
    jsonGraph: { titlesById: { 'alien-1979': { userRating: 4 } } },
    paths: [['titlesById', 'alien-1979', 'userRating']],
  };
  await collect(new FetchDataSource(url).set(envelope));
  const [request] = received;
  assert.equal(request.method, 'POST');
  assert.equal(request.headers['content-type'], 'application/x-www-form-urlencoded');
  const form = new URLSearchParams(request.body);
  assert.equal(form.get('method'), 'set');
  assert.deepEqual(JSON.parse(form.get('jsonGraph') ?? ''), envelope);
});

test('call: POST form-urlencoded callPath, arguments, pathSuffixes, paths', async () => {
  await collect(new FetchDataSource(url).call(['myList', 'add'], ['heat 1995 & more'], [['name']], [['length']]));
  const form = new URLSearchParams(received[0].body);
  assert.equal(form.get('method'), 'call');
  assert.deepEqual(JSON.parse(form.get('callPath') ?? ''), ['myList', 'add']);
  assert.deepEqual(JSON.parse(form.get('arguments') ?? ''), ['heat 1995 & more']);
  assert.deepEqual(JSON.parse(form.get('pathSuffixes') ?? ''), [['name']]);
  assert.deepEqual(JSON.parse(form.get('paths') ?? ''), [['length']]);
  assert.doesNotMatch(received[0].body, /\+/, 'readable by servers that only decodeURIComponent');
});

test('the observer-object form is supported and called as methods', async () => {
  const seen = await new Promise((resolve) => {
    const observer = {
      values: /** @type {unknown[]} */ ([]),
      onNext(/** @type {unknown} */ value) {
        this.values.push(value);
      },
      onCompleted() {
        resolve(this.values);
      },
    };
    new FetchDataSource(url).get([['x']]).subscribe(observer);
  });
  assert.deepEqual(seen, [{ jsonGraph: {} }]);
});

test('an HTTP error reaches onError with its status and message; no onNext', async () => {
  reply = { status: 400, body: '{"error":"range too large"}', delayMs: 0 };
  const seen = await collect(new FetchDataSource(url).get([['lists', { from: 0, to: 1e9 }, 'name']]));
  assert.deepEqual(seen.next, []);
  assert.equal(seen.completed, false);
  assert.ok(seen.error instanceof DataSourceError);
  assert.equal(seen.error.status, 400);
  assert.equal(seen.error.message, 'range too large');
});

test('invalid JSON in a 200 is an error, not a crash', async () => {
  reply.body = '<html>proxy error</html>';
  const seen = await collect(new FetchDataSource(url).get([['x']]));
  assert.match(String(seen.error?.message), /invalid JSON/);
});

test('a connection failure is an error', async () => {
  const seen = await collect(new FetchDataSource('http://127.0.0.1:1/model.json').get([['x']]));
  assert.ok(seen.error instanceof DataSourceError);
});

test('dispose aborts the request and silences the observer', async () => {
  reply.delayMs = 300;
  let calls = 0;
  const subscription = new FetchDataSource(url).get([['x']]).subscribe(
    () => calls++,
    () => calls++,
    () => calls++,
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(subscription.disposed, false);
  subscription.dispose();
  assert.equal(subscription.disposed, true);
  // Until the server has seen it go (at most 5 s), not once after 100 ms: the observer must
  // stay silent all that while, and for the 300 ms the answer would have taken.
  for (const until = Date.now() + 5000; closedEarly === 0 && Date.now() < until;)
    await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(calls, 0, 'nothing delivered after dispose');
  assert.equal(closedEarly, 1, 'the server saw the request go away');
  subscription.unsubscribe(); // idempotent, and the Rx-style name works too
});

test('a request with no answer in time fails with a timeout', async () => {
  reply.delayMs = 500;
  const seen = await collect(new FetchDataSource(url, { timeoutMs: 50 }).get([['x']]));
  assert.match(String(seen.error?.message), /no answer within 50 ms/);
});

test('as a Model source: fetches what the seeded cache lacks, and only that', async () => {
  reply.body = JSON.stringify({ jsonGraph: { lists: { 3: { name: 'Directed by Spike Lee' } } } });
  const model = new falcor.Model({
    cache: { lists: { length: 20, 0: { name: 'Top rated' } } },
    source: /** @type {any} */ (new FetchDataSource(url)),
  });
  assert.equal(await model.getValue(['lists', 0, 'name']), 'Top rated');
  assert.equal(received.length, 0, 'a path the server sent with the page is never requested');
  assert.equal(await model.getValue(['lists', 3, 'name']), 'Directed by Spike Lee');
  assert.equal(received.length, 1);
  const query = new URL(received[0].url ?? '', 'http://x').searchParams;
  assert.deepEqual(JSON.parse(query.get('paths') ?? ''), [['lists', 3, 'name']]);
});

test('as a Model source: set sends the change and keeps the answer', async () => {
  reply.body = JSON.stringify({
    jsonGraph: { titlesById: { heat: { userRating: 5 } } },
    paths: [['titlesById', 'heat', 'userRating']],
  });
  const model = new falcor.Model({ source: /** @type {any} */ (new FetchDataSource(url)) });
  const value = await model.setValue(/** @type {any} */ (['titlesById', 'heat', 'userRating']), 5);
  assert.equal(value, 5);
  assert.equal(new URLSearchParams(received[0].body).get('method'), 'set');
});
