// @ts-check
// Connections one client address may hold at once. Measured before: 21,000
// idle sockets from one client used up the process's file descriptors, and
// /healthz and / were reset for everyone. server.maxConnections (the total)
// keeps the process alive; this keeps one client from taking all of it.
// Behind a proxy every connection comes from the proxy's address: raise the
// limit, or 0 turns it off.

/**
 * @param {import('node:net').Server} server
 * @param {{ maxPerClient: number, onRefused?: () => void }} options
 */
export function limitConnectionsPerClient(server, { maxPerClient, onRefused = () => {} }) {
  if (maxPerClient <= 0) return;
  /** @type {Map<string, number>} open connections by remote address */
  const open = new Map();
  server.on('connection', (/** @type {import('node:net').Socket} */ socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= maxPerClient) {
      // Nothing was read yet: there is no request to answer, as with maxConnections.
      socket.destroy();
      onRefused();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
