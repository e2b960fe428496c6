// @ts-check
// The app's edges (server/lifecycle/http-server.js and the /model.json body
// deadline), each with a tiny limit so that a test takes a second: a flood of
// idle sockets stays bounded while /healthz answers, a body sent at a trickle
// is cut, and a client that stops reading is cut. No catalog is needed: none
// of this reaches it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { loadConfig } from '../../server/config/load.js';
import { createApp } from '../../server/app.js';
import { createHttpServer } from '../../server/lifecycle/http-server.js';

/** 16 MB: far more than loopback's socket buffers hold for a client that does not read. */
const BIG_BODY = Buffer.alloc(16 * 1024 * 1024, 'x');

/**
 * The app as server/index.js serves it, with these knobs.
 * @param {Record<string, string>} env
 */
async function serve(env) {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const built = createApp(config, {
    catalogUrl: 'http://127.0.0.1:9',
    extraRoutes: (routes) => routes.add('get', '/test/big', (_req, res) => void res.end(BIG_BODY)),
  });
  const server = createHttpServer(built.app, config.edges, { onCut: built.shedding.cut });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    server,
    metrics: () => built.registry.metrics(),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await built.close();
    },
  };
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens `count` sockets from `localAddress` that never send a byte.
 * @returns {Promise<net.Socket[]>} once each has connected or failed
 */
function openIdle(/** @type {number} */ port, /** @type {number} */ count, /** @type {string} */ localAddress) {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve) => {
          const socket = net.connect({ port, host: '127.0.0.1', localAddress });
          socket.on('error', () => {});
          socket.once('connect', () => resolve(socket));
          socket.once('close', () => resolve(socket));
        }),
    ),
  );
}

/** @param {net.Socket[]} sockets */
const stillOpen = (sockets) => sockets.filter((s) => !s.destroyed).length;

/** @param {net.Server} server @returns {Promise<number>} connections the server holds */
const connections = (server) => new Promise((resolve) => server.getConnections((_error, n) => resolve(n)));

/** @param {string} url @param {http.Agent | false} [agent] */
function get(url, agent = false) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', reject);
  });
}

/** @param {string} text @param {string} reason */
const cutCount = (text, reason) =>
  Number(new RegExp(`^marquee_connections_cut_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);

test('an idle-socket flood stays bounded (per client, then in total), /healthz still answers, and the headers deadline ends it', async () => {
  const app = await serve({
    MAX_CONNECTIONS_PER_CLIENT: '50',
    MAX_CONNECTIONS: '120',
    KEEPALIVE_TIMEOUT_MS: '5000',
    HEADERS_TIMEOUT_MS: '1500',
    REQUEST_TIMEOUT_MS: '1500',
  });
  /** @type {net.Socket[]} */
  const sockets = [];
  try {
    // A kept-alive visitor from before the flood.
    const visitor = new http.Agent({ keepAlive: true, maxSockets: 1 });
    assert.equal(await get(`${app.url}/healthz`, visitor), 200);

    // One client, 300 sockets: it keeps 50 (and the visitor's one).
    sockets.push(...(await openIdle(app.port, 300, '127.0.0.2')));
    await sleep(300);
    const held = await connections(app.server);
    assert.ok(held <= 51, `the server holds ${held} connections: over one client's 50 and the visitor's`);
    assert.equal(await get(`${app.url}/healthz`), 200, 'a new visitor from another address is served');

    // Three more clients, 50 each: the total stops at 120.
    for (const address of ['127.0.0.3', '127.0.0.4', '127.0.0.5'])
      sockets.push(...(await openIdle(app.port, 50, address)));
    await sleep(300);
    const open = await connections(app.server);
    assert.ok(open <= 120, `the server holds ${open} connections, over MAX_CONNECTIONS=120`);
    assert.equal(await get(`${app.url}/healthz`, visitor), 200, 'the kept-alive visitor is still served');

    const metrics = await app.metrics();
    assert.ok(cutCount(metrics, 'per_client_limit') >= 250, 'marquee_connections_cut_total{reason="per_client_limit"}');
    assert.ok(cutCount(metrics, 'max_connections') >= 1, 'marquee_connections_cut_total{reason="max_connections"}');
    visitor.destroy();

    // Sockets that never send a byte end at the headers deadline: 1.5 s after
    // they opened, give or take the timers of a loaded machine (they were seen
    // still open 1.8 s after on a CI run). Never, and the wait below fails.
    const until = Date.now() + 5000;
    while (stillOpen(sockets) > 0 && Date.now() < until) await sleep(50);
    assert.equal(stillOpen(sockets), 0, 'idle sockets outlived HEADERS_TIMEOUT_MS (by 5 s)');
    assert.equal(await connections(app.server), 0);
    assert.ok(cutCount(await app.metrics(), 'silent') >= 100, 'marquee_connections_cut_total{reason="silent"}');
  } finally {
    for (const socket of sockets) socket.destroy();
    await app.close();
  }
});

test('a /model.json body sent at a trickle is cut at BODY_TIMEOUT_MS with a 408 and a closed connection', async () => {
  const app = await serve({ BODY_TIMEOUT_MS: '500' });
  const socket = net.connect({ port: app.port, host: '127.0.0.1' });
  /** @type {NodeJS.Timeout | undefined} */
  let trickle;
  try {
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = performance.now();
    socket.write(
      `POST /model.json HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\n` +
        `Origin: ${app.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n`,
    );
    // One byte every 100 ms: 100 bytes would take 10 s.
    trickle = setInterval(() => !socket.destroyed && socket.write('m'), 100);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    await new Promise((resolve) => socket.once('close', resolve));
    const tookMs = performance.now() - started;
    assert.match(answer, /^HTTP\/1\.1 408 /, `expected a 408, got: ${answer.split('\r\n')[0]}`);
    assert.match(answer, /connection: close/i);
    assert.ok(tookMs < 3000, `cut after ${Math.round(tookMs)} ms; BODY_TIMEOUT_MS=500`);
  } finally {
    clearInterval(trickle);
    socket.destroy();
    await app.close();
  }
});

test('a client that stops reading is cut at WRITE_TIMEOUT_MS', async () => {
  const writeTimeoutMs = 500;
  for (let scenario = 1; ; scenario++) {
    const app = await serve({ WRITE_TIMEOUT_MS: String(writeTimeoutMs) });
    const socket = net.connect({ port: app.port, host: '127.0.0.1' });
    try {
      await new Promise((resolve) => socket.once('connect', resolve));
      // Never read: what the server writes piles up in its memory.
      socket.pause();
      // The server (in this process, on this clock) can only start the
      // deadline once it has the request: no cut can come before
      // sent + WRITE_TIMEOUT_MS.
      const sent = performance.now();
      socket.write('GET /test/big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await sleep(300);
      const open = await connections(app.server);
      // Only a look taken before the deadline says anything: a loaded machine
      // that overslept the 300 ms may rightly have cut it. Then again, afresh.
      if (performance.now() - sent >= writeTimeoutMs) {
        assert.ok(scenario < 5, `${scenario} tries, each looked after the ${writeTimeoutMs} ms deadline`);
        continue;
      }
      assert.equal(open, 1, 'cut before its deadline');
      // Then cut: polled, 10 s at most. That still fails a connection that is
      // never cut, and one cut at the 30 s default (the knob not honoured).
      const until = performance.now() + 10_000;
      while ((await connections(app.server)) > 0 && performance.now() < until) await sleep(50);
      assert.equal(
        await connections(app.server),
        0,
        'the connection of a client that reads nothing outlived WRITE_TIMEOUT_MS (by 10 s)',
      );
      assert.ok(
        cutCount(await app.metrics(), 'write_deadline') >= 1,
        'marquee_connections_cut_total{reason="write_deadline"}',
      );
      // A paused socket notices nothing until it reads: then it finds its answer cut short.
      let received = 0;
      socket.on('data', (chunk) => (received += chunk.length));
      socket.resume();
      await new Promise((resolve) => socket.once('close', resolve));
      assert.ok(received < BIG_BODY.length, `all ${received} bytes arrived`);
      return;
    } finally {
      socket.destroy();
      await app.close();
    }
  }
});
