// @ts-check
// Starts the real thing for a test: the catalog service as its own process and
// the app on a free port, both stopped by close(). The catalog keeps visitors
// in a temporary DATA_DIR that close() removes.
import { loadConfig } from '../../server/config/load.js';
import { createApp } from '../../server/app.js';
import { startCatalogProcess } from '../../server/catalog-process.js';
import { removeDataDir, tempDataDir } from './catalog.js';
import { serveApp } from '../../perf/page/serve-app.js';

/**
 * @param {{
 *   env?: Record<string, string>,
 *   catalogEnv?: Record<string, string>,
 *   extraRoutes?: Parameters<typeof createApp>[1]['extraRoutes'],
 *   log?: import('pino').Logger,
 * }} [options] log: the app's logger (default: the app's own, silent in tests)
 */
export async function startApp({ env = {}, catalogEnv = {}, extraRoutes, log } = {}) {
  const dataDir = tempDataDir();
  const catalogProcessEnv = { ...process.env, DATA_DIR: dataDir, VISITOR_STORE: 'sqlite', ...catalogEnv };
  let catalog;
  try {
    catalog = await startCatalogProcess({ env: catalogProcessEnv, stdio: 'pipe' });
  } catch (error) {
    removeDataDir(dataDir);
    throw error;
  }
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', ...env });
  let built;
  try {
    built = createApp(config, { catalogUrl: catalog.url, catalogCa: catalog.ca, extraRoutes, ...(log ? { log } : {}) });
  } catch (error) {
    // A failed start (e.g. a duplicate route) must not leak the catalog child:
    // its IPC channel would keep the test process alive for ever.
    await catalog.stop();
    removeDataDir(dataDir);
    throw error;
  }
  const served = await serveApp(built);
  return {
    url: served.url,
    catalogUrl: catalog.url,
    routes: built.routes,
    async close() {
      await served.close();
      await catalog.stop();
      removeDataDir(dataDir);
    },
  };
}
