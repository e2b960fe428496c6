// @ts-check
// Exercise 01 (perf/exercises/01-connection-pool): the app's upstream pool, as
// createUpstream builds it from config.upstream, holds a socket per concurrent
// call and keeps them alive for the next calls (Box's pool had 5 sockets and
// none reused). Behaviour, not speed: it fails with the unfixed patch in.
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
async function twoWaves(env = {}) {
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
      // A socket goes back to the pool once its answer is read: a turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
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

test('the normal pool: a socket per concurrent call, kept alive for the next wave', async () => {
  const fixed = await twoWaves();
  assert.ok(fixed.peak >= 20, `no call waits for a socket (peak ${fixed.peak})`);
  assert.equal(fixed.secondWave, 0, "the second wave reuses the first wave's sockets");
});
