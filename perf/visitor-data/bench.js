// @ts-check
// The bench of perf/visitor-data/index.js: the real catalog process and the
// production app on one DATA_DIR and one COOKIE_SECRET, so a restart finds
// the same database and the same visitors; and what every mode reads of them.
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { startCatalogProcess } from '../../server/catalog-process.js';
import { loadCatalog } from '../../server/catalog/load-data.js';
import { startApp } from '../../deploy/lib/processes.js';

/** The app's cookie secret: cookies signed with it (writes.js) are the app's own. */
export const SECRET = 'perf-visitor-data-cookie-secret-0123456789';

/**
 * The app's environment for a write benchmark: cookies signed here are its
 * own, and the overload guard is off: on a busy machine it answers fast 503s,
 * and a latency percentile over those would not be the data path's.
 */
export const BENCH_APP_ENV = Object.freeze({
  COOKIE_SECRET: SECRET,
  LOG_LEVEL: 'warn',
  OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  OVERLOAD_HEAP_USED_PCT: '0',
  OVERLOAD_MAX_IN_FLIGHT: '0',
});

/**
 * @param {string} dataDir the catalog's DATA_DIR, shared by every start
 * @param {Record<string, string>} [storeEnv] the visitor store of every start
 *   (default SQLite in dataDir; VISITOR_STORE=postgres with its DATABASE_URL)
 */
export function createBench(dataDir, storeEnv = { VISITOR_STORE: 'sqlite' }) {
  /** @type {(() => Promise<unknown>)[]} */
  const cleanups = [];
  /** @param {Record<string, string>} [env] the catalog's, over the bench's */
  async function startBoth(env = {}) {
    const catalog = await startCatalogProcess({
      env: { ...process.env, DATA_DIR: dataDir, ...storeEnv, ...env, CATALOG_PORT: '0' },
      stdio: 'pipe',
    });
    const app = await startApp({
      catalogUrl: catalog.url,
      env: BENCH_APP_ENV,
      cpus: null,
    });
    cleanups.push(
      () => app.stop(),
      () => catalog.stop(),
    );
    return { catalog, app };
  }
  return {
    startBoth,
    /** Stops every process started, the last first (one already killed or stopped is no error). */
    async stopAll() {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    },
  };
}

/** @typedef {ReturnType<typeof createBench>['startBoth']} StartBoth */

/** A process's resident memory in MB, from /proc (Linux). */
export const rssMb = (/** @type {number | undefined} */ pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
/** Every title id of the catalog's data. */
export const titles = async () => [...(await loadCatalog()).titles.keys()];
/** A visitor id as the app mints them: nobody's yet. */
export const newVisitorId = () => randomBytes(16).toString('base64url');
