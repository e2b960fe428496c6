// @ts-check
// Exercise 08 (perf/exercises/08-tls-reuse): over HTTPS, one kept-alive
// connection serves the upstream calls one after another: one TLS handshake,
// not one per call. Behaviour, not speed: handshakes counted at an HTTPS
// upstream; it fails with the unfixed patch in.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import https from 'node:https';
import tls from 'node:tls';
import { setImmediate as turn } from 'node:timers/promises';
import { loadConfig } from '../../server/config/load.js';
import { createUpstream } from '../../server/upstream/pool.js';
import { createSelfSignedCertificate } from '../../server/catalog/tls.js';

let handshakes = 0;
/** @type {https.Server} */
let server;
/** @type {string} */
let url;
/** @type {string} */
let ca;
before(async () => {
  const { key, cert } = await createSelfSignedCertificate('127.0.0.1');
  ca = cert;
  server = https.createServer({ key, cert }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  server.on('secureConnection', () => (handshakes += 1));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  url = `https://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
});
after(() => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
});

/**
 * Ten calls one after another, as the pages of one visitor would make them.
 * @param {Record<string, string>} [env]
 */
async function handshakesFor(env = {}) {
  handshakes = 0;
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const upstream = createUpstream({ url, ...config.upstream, ca });
  // Pitfall found measuring this exercise: a context per connection parsed every root certificate.
  const createSecureContext = tls.createSecureContext;
  let contexts = 0;
  tls.createSecureContext = (...args) => {
    contexts += 1;
    return createSecureContext(...args);
  };
  try {
    for (let i = 0; i < 10; i++) {
      assert.equal((await upstream.requestJson('GET', '/health')).status, 200);
      // A socket goes back to the pool once its answer is read: a turn of the event loop.
      await turn();
    }
    assert.equal(contexts, 0, 'the pinned TLS context is built once, with the pool, not per connection');
    return { handshakes, connections: config.upstream.connections };
  } finally {
    tls.createSecureContext = createSecureContext;
    await upstream.close();
  }
}

test('the normal pool: one handshake, then the kept-alive connection', async () => {
  assert.deepEqual(await handshakesFor(), { handshakes: 1, connections: 64 });
});
