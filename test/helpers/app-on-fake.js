// @ts-check
// The real app on a free port over the in-memory catalog behind HTTP
// (serveFakeUpstream): no catalog process, so a test that only needs the app's
// own wiring (its middleware, its routing table, its page model) starts in
// milliseconds. test/helpers/app.js starts the real catalog instead.
import { loadConfig } from '../../server/config.js';
import { createApp } from '../../server/app.js';
import { serveFakeUpstream } from './fake-upstream.js';

/**
 * @param {{ env?: Record<string, string>, extraRoutes?: Parameters<typeof createApp>[1]['extraRoutes'] }} [options]
 */
export async function startAppOnFake({ env = {}, extraRoutes } = {}) {
  const catalog = await serveFakeUpstream();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', ...env });
  const built = createApp(config, { catalogUrl: catalog.url, catalogCa: null, extraRoutes });
  const server = built.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    app: built.app,
    /** What the catalog was asked, in order. */
    catalogRequests: catalog.requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await built.close();
      await catalog.close();
    },
  };
}
