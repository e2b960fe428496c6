// @ts-check
// The real app on a free port over the in-memory catalog behind HTTP
// (serveFakeUpstream): no catalog process, so a test that only needs the app's
// own wiring (its middleware, its routing table, its page model) starts in
// milliseconds. test/helpers/app.js starts the real catalog instead.
import { loadConfig } from '../../server/config/load.js';
import { createApp } from '../../server/app.js';
import { serveFakeUpstream } from './fake-upstream.js';
import { serveApp } from '../../perf/page/serve-app.js';

/**
 * @param {{ env?: Record<string, string>, extraRoutes?: Parameters<typeof createApp>[1]['extraRoutes'] }} [options]
 */
export async function startAppOnFake({ env = {}, extraRoutes } = {}) {
  const catalog = await serveFakeUpstream();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', ...env });
  const built = createApp(config, { catalogUrl: catalog.url, catalogCa: null, extraRoutes });
  const served = await serveApp(built);
  return {
    url: served.url,
    app: built.app,
    /** What the catalog was asked, in order. */
    catalogRequests: catalog.requests,
    async close() {
      await served.close();
      await catalog.close();
    },
  };
}
