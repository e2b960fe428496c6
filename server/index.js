// @ts-check
// Starts Marquee: reads the config, starts the catalog service as a child
// process unless CATALOG_URL names one, then listens (or, with WORKERS > 1,
// forks the workers that do). On SIGTERM or SIGINT, drains, then stops all of them.
import cluster from 'node:cluster';
import { loadConfig } from './config/load.js';
import { cookieSecretPath, keepsCookieSecret, keptCookieSecret } from './config/cookie-secret.js';
import { ConfigError } from './errors.js';
import { createLogger } from './log.js';
import { createApp } from './app.js';
import { startCatalogProcess } from './catalog-process.js';
import { superviseCatalog } from './catalog-supervisor.js';
import { watchCatalogProcess } from './metrics/catalog-process.js';
import { forkWorkers } from './cluster-primary.js';
import { createHttpServer } from './lifecycle/http-server.js';
import { drainServer } from './lifecycle/drain.js';

/** @type {import('./config/load.js').Config} */
let config;
try {
  // Without COOKIE_SECRET, a lone instance keeping its visitors here keeps its secret in DATA_DIR too.
  config = loadConfig(process.env, {
    keepSecret: (env) => (keepsCookieSecret(env) ? keptCookieSecret(cookieSecretPath(env)) : null),
  });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const log = createLogger(config);
let stopping = false;
if (config.cookie.keptIn && cluster.isPrimary) {
  // The path only: the secret itself is never logged.
  log.info(
    { file: config.cookie.keptIn },
    'COOKIE_SECRET is not set: visitor cookies are signed with the secret kept in DATA_DIR (made on the first start; back it up with visitors.db)',
  );
}
if (config.cookie.ephemeral && config.env === 'production') {
  // Loud rather than refused: `npm start` on a fresh clone must serve (ADR 015).
  log.warn(
    config.catalog.url
      ? 'COOKIE_SECRET is not set: visitor cookies are signed with a random secret, so visitors become new ones after a restart and on any other instance of this CATALOG_URL; several instances need one COOKIE_SECRET (FLEET=1 refuses to start without it)'
      : 'COOKIE_SECRET is not set: visitor cookies are signed with a random secret and reset on restart',
  );
}

// ── Catalog service ─────────────────────────────────────────────────────────
let catalog = null;
/** @type {ReturnType<typeof superviseCatalog> | null} */
let supervisor = null;
let catalogUrl = config.catalog.url;
let catalogCa = config.catalog.ca;
if (!catalogUrl) {
  try {
    catalog = await startCatalogProcess();
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exit(1);
  }
  catalogUrl = catalog.url;
  catalogCa = catalog.ca;
  // A catalog that dies is started again, with backoff, while the app serves on.
  supervisor = superviseCatalog(catalog, {
    start: (env) => startCatalogProcess({ env: { ...process.env, ...env } }),
    firstMs: config.catalogRestart.firstMs,
    maxMs: config.catalogRestart.maxMs,
    log,
    onFatal: () => shutdown(1),
  });
}
/** The catalog's metrics, where this process has a registry of its own to put them. */
const catalogMetrics = (/** @type {import('prom-client').Registry} */ registry) => {
  if (supervisor) watchCatalogProcess(registry, supervisor);
};

// ── App server (or the workers that run it) ─────────────────────────────────
const serving =
  cluster.isPrimary && config.workers > 1
    ? forkWorkers({ config, log, catalogUrl, catalogCa, onFatal: () => shutdown(1), primaryMetrics: catalogMetrics })
    : listen(/** @type {string} */ (catalogUrl));

/** @param {string} catalogUrl */
function listen(catalogUrl) {
  const { app, close, drain, shedding, registry } = createApp(config, { catalogUrl, catalogCa, log });
  catalogMetrics(registry);
  const server = createHttpServer(app, config.edges, { onCut: shedding.cut });
  server.listen(config.port, config.host, () => {
    const address = /** @type {import('node:net').AddressInfo} */ (server.address());
    console.log(
      `marquee: listening on http://${config.host}:${address.port} (catalog ${catalogUrl}, pid ${process.pid})`,
    );
  });
  server.on('error', (error) => {
    // Once listening, an error is one connection's (EMFILE on accept, say): the server goes on.
    if (server.listening) return log.error({ err: error }, 'server error');
    console.error(`marquee: cannot listen on ${config.host}:${config.port}: ${error.message}`);
    shutdown(1);
  });
  return {
    /** @param {{ drainDelayMs: number }} options */
    async stop({ drainDelayMs }) {
      await drainServer(server, drain, { delayMs: drainDelayMs, graceMs: config.lifecycle.graceMs, log });
      await close();
    },
  };
}

// ── Shutdown ────────────────────────────────────────────────────────────────
/**
 * Drains (server/lifecycle/drain.js), then stops the catalog child: the pages
 * still in flight need it to the end. A fatal stop (code 1) skips the drain delay.
 * @param {number} code
 */
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  await serving
    .stop({ drainDelayMs: code === 0 ? config.lifecycle.drainDelayMs : 0 })
    .catch((error) => log.error({ err: error }, 'stop failed'));
  // Also ends a restart wait, or a catalog being started again: nothing is left behind.
  await supervisor?.stop();
  process.exit(code);
}
process.once('SIGINT', () => shutdown(0));
process.once('SIGTERM', () => shutdown(0));
// A worker whose primary is gone has no one to restart it or answer /metrics.
if (cluster.isWorker) process.once('disconnect', () => shutdown(0));
