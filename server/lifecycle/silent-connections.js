// @ts-check
// A connection that never sends a byte. node:http's headers deadline starts
// at a request's first byte, so such a connection was kept for ever (Node 20:
// measured, still open long after headersTimeout, while a half-sent request
// got its 408). Here it ends at the same deadline, with nothing to answer.

/**
 * @param {import('node:net').Server} server
 * @param {{ timeoutMs: number, onCut?: () => void }} options
 */
export function closeSilentConnections(server, { timeoutMs, onCut = () => {} }) {
  server.on('connection', (/** @type {import('node:net').Socket} */ socket) => {
    const timer = setTimeout(() => {
      // bytesRead counts at the handle, where node:http's parser reads.
      if (socket.bytesRead > 0 || socket.destroyed) return;
      socket.destroy();
      onCut();
    }, timeoutMs).unref();
    socket.once('close', () => clearTimeout(timer));
  });
}
