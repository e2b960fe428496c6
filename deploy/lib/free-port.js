// @ts-check
// A free local port for a program that cannot be told "port 0, then say which"
// (nginx, Prometheus): the kernel picks one, and it is released for them.
import net from 'node:net';

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}
