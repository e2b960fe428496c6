// @ts-check
// Keeps the catalog child (server/catalog-process.js) alive: when it dies, it
// is started again on the same port, after a wait that doubles after each
// quick death (100 ms, 200 ms, ... up to CATALOG_RESTART_MAX_MS) and starts
// over once a catalog has lived a while. Meanwhile the app serves: cached
// catalog data, /healthz, and /readyz saying 503 (issue 14).
// Pitfall: restarting at once, for ever, turns a catalog that dies at start
// into a fork loop that eats the machine; a fixed long wait keeps a catalog
// that died once down for nothing.

/**
 * @typedef {{ url: string, ca: string | null, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }} CatalogProcess
 */

/** A catalog that lived this long was not a crash loop: the next wait starts over. */
const STABLE_MS = 30_000;

/**
 * @param {CatalogProcess} first the catalog started at boot
 * @param {{
 *   start: (env: { CATALOG_PORT: string }) => Promise<CatalogProcess>,
 *   firstMs: number,
 *   maxMs: number,
 *   log: import('pino').Logger,
 *   onFatal: () => void,
 *   stableMs?: number,
 * }} options start: a new catalog on the given port; onFatal: a restart the app cannot use
 *   (CATALOG_TLS=1: a new certificate the upstream pool does not trust)
 */
export function superviseCatalog(first, { start, firstMs, maxMs, log, onFatal, stableMs = STABLE_MS }) {
  const port = new URL(first.url).port;
  let current = first;
  let startedAt = performance.now();
  let delayMs = firstMs;
  let restarts = 0;
  let up = true;
  let stopping = false;
  /** @type {NodeJS.Timeout | null} */
  let timer = null;
  /** @type {Promise<void> | null} */
  let starting = null;

  /** @param {CatalogProcess} catalog */
  const watch = (catalog) => {
    catalog.child.once('exit', (code, signal) => {
      if (stopping) return;
      up = false;
      if (performance.now() - startedAt >= stableMs) delayMs = firstMs;
      log.error({ code, signal, restartInMs: delayMs }, 'catalog service exited; restarting it');
      schedule();
    });
  };

  const schedule = () => {
    const wait = delayMs;
    delayMs = Math.min(delayMs * 2, maxMs);
    timer = setTimeout(() => {
      timer = null;
      starting = restart().finally(() => (starting = null));
    }, wait);
  };

  const restart = async () => {
    /** @type {CatalogProcess} */
    let next;
    try {
      next = await start({ CATALOG_PORT: port });
    } catch (error) {
      if (stopping) return;
      log.error({ err: error, restartInMs: delayMs }, 'catalog service did not start again; trying later');
      return schedule();
    }
    if (stopping) return next.stop();
    if (next.url !== first.url || next.ca !== first.ca) {
      // The pools were built for the first catalog's URL and certificate.
      log.fatal({ url: next.url }, 'the restarted catalog has another URL or certificate; stopping');
      await next.stop();
      return onFatal();
    }
    current = next;
    startedAt = performance.now();
    restarts += 1;
    up = true;
    log.warn({ restarts, pid: next.child.pid }, 'catalog service restarted');
    watch(next);
  };

  watch(first);

  return {
    /** Restarts so far. */
    get restarts() {
      return restarts;
    },
    /** Whether a catalog child is running now. */
    get up() {
      return up;
    },
    /** No more restarts; stops the child, and one that is starting. Safe to call twice. */
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await starting;
      await current.stop();
    },
  };
}
