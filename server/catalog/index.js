// @ts-check
// The catalog service as its own process: `npm run catalog` standalone (port
// 4000), or forked by the app or a test (any free port, URL sent back over IPC).
import { readCatalogConfig } from './config.js';
import { startCatalog } from './server.js';

const hasIpc = typeof process.send === 'function';

/** @param {string} message */
function fail(message) {
  console.error(message);
  process.exitCode = 1;
  // Let stderr drain instead of process.exit(): with IPC open the loop would
  // otherwise never end, so close the channel too.
  if (process.connected) process.disconnect();
}

/** @type {Awaited<ReturnType<typeof startCatalog>> | undefined} */
let catalog;
try {
  const config = readCatalogConfig(process.env, { hasIpc });
  catalog = await startCatalog({ ...config });
} catch (error) {
  const message = String(/** @type {Error | undefined} */ (error)?.message ?? error);
  fail(message.startsWith('catalog:') ? message : `catalog: ${message}`);
}

if (catalog) {
  const running = catalog;
  console.log(`catalog: listening on ${running.url}`);
  process.send?.({ type: 'ready', url: running.url, cert: running.cert });
  if (running.cert && !hasIpc) {
    console.log(`catalog: self-signed certificate; an app pins it with CATALOG_CA:\n${running.cert}`);
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // Whatever holds the loop open after this is a bug; do not hang a test run on it.
    setTimeout(() => process.exit(0), 2000).unref();
    await running.close();
    if (process.connected) process.disconnect();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // The parent died or let go of us: an orphaned catalog would hold its port forever.
  process.once('disconnect', stop);
}
