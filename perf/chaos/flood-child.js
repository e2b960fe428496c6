// @ts-check
// Idle sockets: opens `count` TCP connections to the app that never send a
// byte, and holds them. One process holds at most what its file-descriptor
// limit allows, so perf/chaos/flood.js spreads a big flood over several.
// Usage: node flood-child.js '{"host","port","count","localAddress"}'
// Messages in: { type: 'report' } → { type: 'report', opened, open, connecting, closedByServer, errors }; { type: 'stop' }.
import net from 'node:net';

const { host, port, count, localAddress, window = 500, rampMs = 60_000 } = JSON.parse(process.argv[2] ?? '{}');
/** @type {Set<net.Socket>} connected */
const sockets = new Set();
/** @type {Set<net.Socket>} still connecting: a server out of descriptors leaves them in its accept queue */
const connecting = new Set();
let opened = 0;
let closedByServer = 0;
let stopping = false;
/** @type {Record<string, number>} */
const errors = {};

/** Opens one socket; resolves once it connected or failed (never waits for its end). */
function openOne() {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, localAddress });
    connecting.add(socket);
    socket.once('connect', () => {
      connecting.delete(socket);
      opened += 1;
      sockets.add(socket);
      resolve(undefined);
    });
    socket.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      errors[error.code ?? 'ERROR'] = (errors[error.code ?? 'ERROR'] ?? 0) + 1;
      resolve(undefined);
    });
    socket.once('close', () => {
      connecting.delete(socket);
      if (sockets.delete(socket) && !stopping) closedByServer += 1;
      resolve(undefined);
    });
    // Whatever the server sends (a 408 at its headers deadline) is read and dropped.
    socket.resume();
  });
}

/**
 * At most `window` connects in flight: a burst of thousands would only fill
 * the accept queue. Bounded in time: connects still pending after `rampMs`
 * are left pending (a SYN retried for two minutes is the server's failure).
 */
async function flood() {
  let next = 0;
  let rampOver = false;
  const worker = async () => {
    while (next < count && !stopping && !rampOver) {
      next += 1;
      await openOne();
    }
  };
  await Promise.race([
    Promise.all(Array.from({ length: Math.min(window, count) }, worker)),
    new Promise((resolve) => setTimeout(resolve, rampMs)),
  ]);
  rampOver = true;
}

const report = () => ({
  type: 'report',
  opened,
  open: sockets.size,
  connecting: connecting.size,
  closedByServer,
  errors,
});
process.on('message', (/** @type {{ type: string }} */ message) => {
  if (message.type === 'report') process.send?.(report());
  if (message.type === 'stop') {
    stopping = true;
    for (const socket of [...sockets, ...connecting]) socket.destroy();
    process.send?.(report(), () => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));

await flood();
process.send?.({ ...report(), type: 'flooded' });
