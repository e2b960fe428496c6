// @ts-check
// createUpstream(): limits, keep-alive, deadline, and that every failure is an
// UpstreamError with the right code. Against a local node:http server whose
// misbehaviour each test chooses, plus the real catalog for TLS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { createUpstream } from '../../../server/upstream/pool.js';
import { UpstreamError } from '../../../server/upstream/errors.js';
import { startCatalog } from '../../helpers/catalog.js';

/** @type {import('node:http').Server} */
let server;
let url = '';
let sockets = 0;
let inFlight = 0;
let maxInFlight = 0;

before(async () => {
  server = createServer(async (req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => {
      inFlight -= 1;
    });
    const path = req.url ?? '/';
    if (path === '/stall') return; // never answers
    if (path === '/reset') return void req.socket.destroy();
    if (path.startsWith('/hold')) await new Promise((resolve) => setTimeout(resolve, 40));
    if (path === '/500') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
    if (path === '/404') return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"nope"}');
    if (path === '/bad-json') return void res.writeHead(200).end('<html>');
    let body = '';
    for await (const chunk of req) body += chunk;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        method: req.method,
        path,
        body: body ? JSON.parse(body) : null,
        faults: req.headers['x-catalog-faults'] ?? null,
      }),
    );
  });
  server.on('connection', () => {
    sockets += 1;
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

/** @param {Promise<unknown>} promise @param {string} code */
async function rejectsWith(promise, code) {
  const err = await promise.then(
    () => assert.fail(`expected an UpstreamError ${code}`),
    (e) => e,
  );
  assert.ok(err instanceof UpstreamError, `expected UpstreamError, got ${err}`);
  assert.equal(err.code, code, err.message);
  return err;
}

test('requestJson sends JSON, extra headers, and parses the answer', async () => {
  const upstream = createUpstream({ url, connections: 2 });
  try {
    const { status, body } = await upstream.requestJson(
      'PUT',
      '/echo',
      { rating: 4 },
      { headers: { 'x-catalog-faults': 'error=0' } },
    );
    assert.equal(status, 200);
    assert.deepEqual(body, { method: 'PUT', path: '/echo', body: { rating: 4 }, faults: 'error=0' });
  } finally {
    await upstream.close();
  }
});

test('statuses of 400 and over reject with code http and the status', async () => {
  const upstream = createUpstream({ url });
  try {
    assert.equal((await rejectsWith(upstream.requestJson('GET', '/500'), 'http')).status, 500);
    assert.equal((await rejectsWith(upstream.requestJson('GET', '/404'), 'http')).status, 404);
  } finally {
    await upstream.close();
  }
});

test('a body that is not JSON rejects with code bad-json', async () => {
  const upstream = createUpstream({ url });
  try {
    await rejectsWith(upstream.requestJson('GET', '/bad-json'), 'bad-json');
  } finally {
    await upstream.close();
  }
});

test('a stalled upstream rejects with code timeout at the deadline', async () => {
  const upstream = createUpstream({ url, timeoutMs: 150 });
  try {
    const started = performance.now();
    await rejectsWith(upstream.requestJson('GET', '/stall'), 'timeout');
    const took = performance.now() - started;
    assert.ok(took >= 140 && took < 1000, `deadline should be ~150 ms, took ${took.toFixed(0)} ms`);
  } finally {
    await upstream.close();
  }
});

test('the deadline counts time queued for a busy pool, not only time on the wire', async () => {
  // Both calls stall, so both must end in a timeout; only when tells the two
  // rules apart: counted from the call, the queued one ends with the first
  // (about 1x the deadline); counted from the socket, a whole deadline later (2x).
  // (With an answering second call, it could win the race for the freed socket.)
  const timeoutMs = 400;
  const upstream = createUpstream({ url, connections: 1, timeoutMs });
  try {
    const started = performance.now();
    const first = rejectsWith(upstream.requestJson('GET', '/stall'), 'timeout');
    await rejectsWith(upstream.requestJson('GET', '/stall'), 'timeout');
    const took = performance.now() - started;
    assert.ok(took < timeoutMs * 1.5, `the queued call ended after ${took.toFixed(0)} ms, not ~${timeoutMs}`);
    await first;
  } finally {
    await upstream.close();
  }
});

test('a reset socket or a refused connection rejects with code reset', async () => {
  const upstream = createUpstream({ url });
  const nobody = createUpstream({ url: 'http://127.0.0.1:1', timeoutMs: 500 });
  try {
    await rejectsWith(upstream.requestJson('GET', '/reset'), 'reset');
    await rejectsWith(nobody.requestJson('GET', '/lists'), 'reset');
    // The pool recovers: the next call on a fresh socket works.
    assert.equal((await upstream.requestJson('GET', '/echo')).status, 200);
  } finally {
    await Promise.all([upstream.close(), nobody.close()]);
  }
});

test('never more sockets than `connections`; the rest wait in the pool', async () => {
  const upstream = createUpstream({ url, connections: 2 });
  maxInFlight = 0;
  try {
    const calls = Array.from({ length: 6 }, (_, i) => upstream.requestJson('GET', `/hold/${i}`));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const during = upstream.stats();
    assert.ok(during.pending >= 3, `expected queued calls, stats ${JSON.stringify(during)}`);
    await Promise.all(calls);
    assert.equal(maxInFlight, 2, 'the pool limit must bound concurrent upstream requests');
    assert.deepEqual(Object.keys(upstream.stats()).sort(), [
      'connected',
      'free',
      'pending',
      'queued',
      'running',
      'size',
    ]);
  } finally {
    await upstream.close();
  }
});

test('sequential calls reuse kept-alive sockets, which close after keepAliveMs idle', async () => {
  const upstream = createUpstream({ url, connections: 4, keepAliveMs: 150 });
  const before = sockets;
  try {
    for (let i = 0; i < 10; i += 1) await upstream.requestJson('GET', '/echo');
    // undici may open a second socket while the first is being released; without
    // keep-alive this would be 10.
    assert.ok(
      sockets - before <= 2,
      `10 sequential calls opened ${sockets - before} sockets: keep-alive is not working`,
    );
    // Until they have closed (at most 2.5 s, under undici's own 4 s keep-alive default): a fixed
    // 400 ms could run out first on a busy machine.
    for (const until = Date.now() + 2500; upstream.stats().connected > 0 && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 25));
    assert.equal(upstream.stats().connected, 0, 'idle sockets should close after keepAliveMs');
  } finally {
    await upstream.close();
  }
});

test('onConnect is told of each new socket, as the server sees them: once per socket, not per call', async () => {
  let told = 0;
  const upstream = createUpstream({ url, connections: 4, onConnect: () => (told += 1) });
  const before = sockets;
  try {
    for (let i = 0; i < 10; i += 1) await upstream.requestJson('GET', '/echo');
    // A new socket per call would tell 10 (perf/exercises/08-tls-reuse's unfixed.patch).
    assert.equal(told, sockets - before, 'onConnect should count the sockets the server accepted');
    assert.ok(told >= 1 && told <= 2, `10 sequential calls told onConnect ${told} times`);
  } finally {
    await upstream.close();
  }
});

test('bad options fail at start-up, not on the first request', () => {
  assert.throws(() => createUpstream({ url, connections: 0 }), /connections/);
  assert.throws(() => createUpstream({ url, timeoutMs: 0 }), /timeoutMs/);
  assert.throws(() => createUpstream({ url, ca: '-----BEGIN CERTIFICATE-----' }), /https/);
});

test("ca pins the catalog's self-signed certificate; no other certificate is accepted", async () => {
  const catalog = await startCatalog({ env: { CATALOG_TLS: '1' } });
  const other = await startCatalog({ env: { CATALOG_TLS: '1' } });
  assert.ok(catalog.cert && other.cert, 'the catalog sends its certificate with its URL');
  const pinned = createUpstream({ url: catalog.url, ca: catalog.cert });
  const strict = createUpstream({ url: catalog.url });
  const wrongPin = createUpstream({ url: catalog.url, ca: other.cert });
  try {
    assert.match(catalog.url, /^https:/);
    const { body } = await pinned.requestJson('GET', '/health');
    assert.equal(body.ok, true);
    await rejectsWith(strict.requestJson('GET', '/health'), 'reset');
    await rejectsWith(wrongPin.requestJson('GET', '/health'), 'reset');
  } finally {
    await Promise.all([pinned.close(), strict.close(), wrongPin.close()]);
    await Promise.all([catalog.stop(), other.stop()]);
  }
});
