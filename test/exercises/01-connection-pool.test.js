// @ts-check
// Exercise 01 (perf/exercises/01-connection-pool): EXERCISE=01 gives the app
// Box's pool, 5 sockets and a new connection per call, through the same
// createUpstream the app builds from config.upstream. Behaviour, not speed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { loadConfig } from '../../server/config/load.js';
import { createUpstream } from '../../server/upstream/pool.js';

/**
 * Two waves of 20 concurrent calls, as 20 pages at once would make them,
 * against an upstream that answers after 50 ms and counts its sockets.
 * @param {Record<string, string>} env
 * @returns {Promise<{ peak: number, firstWave: number, secondWave: number }>} sockets open at once at most,
 *   and connections each wave opened
 */
async function twoWaves(env) {
  let open = 0;
  let peak = 0;
  let opened = 0;
  const server = http.createServer((_req, res) => {
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), 50);
  });
  server.on('connection', (socket) => {
    opened += 1;
    peak = Math.max(peak, (open += 1));
    socket.once('close', () => (open -= 1));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  // Generous timeouts: on a loaded machine a queued call that timed out would
  // be retried on a connection of its own and blur the counts.
  const config = loadConfig({ NODE_ENV: 'test', UPSTREAM_TIMEOUT_MS: '10000', UPSTREAM_DEADLINE_MS: '20000', ...env });
  const upstream = createUpstream({ url, ...config.upstream });
  try {
    const waves = [];
    for (let wave = 0; wave < 2; wave++) {
      // A socket goes back to the pool a moment after its answer is read.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const before = opened;
      const calls = Array.from({ length: 20 }, () => upstream.requestJson('GET', '/titles'));
      assert.ok((await Promise.all(calls)).every((r) => r.status === 200));
      waves.push(opened - before);
    }
    return { peak, firstWave: waves[0], secondWave: waves[1] };
  } finally {
    await upstream.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

test('EXERCISE=01: at most 5 sockets at once, and a new connection for every call', async () => {
  const broken = await twoWaves({ EXERCISE: '01' });
  assert.equal(broken.peak, 5, 'the pool holds 5 sockets: the other 15 calls of a wave queue');
  assert.deepEqual([broken.firstWave, broken.secondWave], [20, 20], 'no keep-alive: a connection per call');
});

test('the normal pool: a socket per concurrent call, kept alive for the next wave', async () => {
  const fixed = await twoWaves({});
  assert.ok(fixed.peak >= 20, `no call waits for a socket (peak ${fixed.peak})`);
  assert.equal(fixed.secondWave, 0, "the second wave reuses the first wave's sockets");
});
