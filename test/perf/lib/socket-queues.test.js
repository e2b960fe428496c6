// @ts-check
// perf/lib/socket-queues.js: what waits in the kernel for a port, as a load
// level reads it (Linux only: elsewhere there is no /proc/net/tcp to read).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, connect } from 'node:net';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { listenCounters, queuesOf } from '../../../perf/lib/socket-queues.js';

const linux = existsSync('/proc/net/tcp');

test('queuesOf: bytes a server has not read, and connections it has not accepted', { skip: !linux }, async (t) => {
  // A server that pauses every socket it accepts: what clients send stays in its receive queue.
  const server = createServer({ pauseOnConnect: true });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.after(() => server.close());
  const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  const accepted = once(server, 'connection');
  const client = connect(port, '127.0.0.1');
  t.after(() => client.destroy());
  await once(client, 'connect');
  await accepted;
  client.write('x'.repeat(1000));
  // The kernel has the bytes once the write has left; poll it until it says so.
  let queues = queuesOf(port);
  while (queues.unreadByApp < 1000) {
    await new Promise((resolve) => setImmediate(resolve));
    queues = queuesOf(port);
  }
  assert.equal(queues.unreadByApp, 1000);
  assert.equal(queues.unreadByClient, 0, 'the server sent nothing');
  assert.equal(queues.acceptQueue, 0, 'the one connection was accepted');
  assert.ok(listenCounters(), 'TcpExt counters are readable');
});
