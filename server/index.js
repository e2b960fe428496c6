// @ts-check
// Starts Marquee: reads the config, starts the catalog service as a child
// process unless CATALOG_URL names one, then listens. Stops both on exit.
import { loadConfig } from './config.js';
import { ConfigError } from './errors.js';
import { createLogger } from './log.js';
import { createApp } from './app.js';
import { startCatalogProcess } from './catalog-process.js';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const log = createLogger(config);
let stopping = false;
if (config.cookie.ephemeral && config.env === 'production') {
  log.warn('COOKIE_SECRET is not set: visitor cookies are signed with a random secret and reset on restart');
}

// ── Catalog service ─────────────────────────────────────────────────────────
let catalog = null;
let catalogUrl = config.catalog.url;
if (!catalogUrl) {
  try {
    catalog = await startCatalogProcess();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  catalogUrl = catalog.url;
  catalog.child.once('exit', (code, signal) => {
    // Without its upstream the app can only fail: exit so a supervisor restarts both.
    if (!stopping) {
      log.fatal({ code, signal }, 'catalog service exited');
      process.exit(1);
    }
  });
}

// ── App server ──────────────────────────────────────────────────────────────
const { app, close } = createApp(config, { catalogUrl, log });
const server = app.listen(config.port, config.host, () => {
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`marquee: listening on http://${config.host}:${address.port} (catalog ${catalogUrl})`);
});
server.on('error', (error) => {
  console.error(`marquee: cannot listen on ${config.host}:${config.port}: ${error.message}`);
  shutdown(1);
});

// ── Shutdown ────────────────────────────────────────────────────────────────
/** @param {number} code */
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  await Promise.allSettled([close(), catalog?.stop()]);
  process.exit(code);
}
process.once('SIGINT', () => shutdown(0));
process.once('SIGTERM', () => shutdown(0));
