// @ts-check
// Builds the catalog's HTTP(S) server: faults first, then the routes, every
// answer JSON. `startCatalog` loads the data and listens, for in-process use;
// `index.js` runs it as its own process.
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { NO_FAULTS, applyFaults, parseFaultHeader } from './faults.js';
import { loadCatalog } from './load-data.js';
import { HttpError, sendError, sendJson } from './respond.js';
import { createRouter } from './router.js';
import { addCatalogRoutes } from './routes/catalog.js';
import { addFaultRoutes } from './routes/faults.js';
import { addVisitorRoutes } from './routes/visitors.js';
import { createSelfSignedCertificate } from './tls.js';
import { openVisitorStore } from './visitor-store/index.js';
import { createMemoryStore } from './visitor-store/memory.js';

/** Health checks, figures and fault control must work however broken the rest is. */
const NEVER_FAULTED = new Set(['/health', '/_faults', '/_stats']);

/**
 * @typedef {object} CatalogServerOptions
 * @property {import('./load-data.js').Catalog} catalog
 * @property {Readonly<import('./faults.js').Faults>} [faults] process-wide, at start
 * @property {{ key: string, cert: string } | null} [tls]
 * @property {import('./visitor-store/index.js').VisitorStore} [visitors] default: a new memory store
 * @property {(message: string) => void} [logError]
 */

/** @param {CatalogServerOptions} options */
export function createCatalogServer({ catalog, faults = NO_FAULTS, tls = null, visitors, logError = console.error }) {
  let processFaults = faults;
  const router = createRouter();
  addCatalogRoutes(router, catalog);
  addVisitorRoutes(router, catalog, visitors ?? createMemoryStore({ logError }));
  addFaultRoutes(router, {
    get: () => processFaults,
    set: (next) => {
      processFaults = next;
    },
  });

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  async function handle(req, res) {
    try {
      const url = new URL(req.url ?? '/', 'http://catalog.invalid');
      if (!NEVER_FAULTED.has(url.pathname)) {
        const proceed = await applyFaults(faultsFor(req, processFaults), url.pathname, res);
        if (!proceed) return;
      }
      const { handler, params } = router.match(req.method ?? 'GET', url.pathname);
      const body = await handler({ req, params, query: url.searchParams });
      sendJson(res, 200, body);
    } catch (error) {
      sendError(res, error, logError);
    }
  }

  const server = tls ? createHttpsServer(tls, handle) : createHttpServer(handle);
  // Keep-alive race: if the server drops an idle socket just as the client's
  // pool reuses it, the request dies with ECONNRESET. The server must keep
  // sockets longer than any client pool (undici's default is 4 s).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/**
 * The process-wide faults, overridden key by key by the request's header.
 * @param {import('node:http').IncomingMessage} req
 * @param {Readonly<import('./faults.js').Faults>} processFaults
 */
function faultsFor(req, processFaults) {
  const header = req.headers['x-catalog-faults'];
  if (typeof header !== 'string' || header === '') return processFaults;
  const { faults, problems } = parseFaultHeader(header);
  if (problems.length > 0) throw new HttpError(400, problems.join('; '));
  return { ...processFaults, ...faults };
}

/**
 * @typedef {object} StartOptions
 * @property {number} [port] 0 (default) = any free port
 * @property {string} [host] default 127.0.0.1
 * @property {boolean} [tls] HTTPS with a self-signed certificate
 * @property {string} [dataFile] default: the repo's movies.json
 * @property {import('./load-data.js').Catalog} [catalog] an already loaded catalog
 * @property {Readonly<import('./faults.js').Faults>} [faults]
 * @property {import('./visitor-store/index.js').StoreKind} [visitorStore] default memory, for in-process use; the process (index.js) defaults to sqlite
 * @property {string} [dataDir] where the sqlite store's file is (required with visitorStore 'sqlite')
 * @property {string} [databaseUrl] the postgres store's database (required with visitorStore 'postgres')
 * @property {(message: string) => void} [log] gets the counts line and the visitor store's
 * @property {(message: string) => void} [logError]
 */

/**
 * Loads the data, opens the visitor store, creates the server and listens, in
 * this process. A visitor store that cannot be opened rejects (StoreOpenError):
 * the catalog never serves from an empty store in place of its database.
 * @param {StartOptions} [options]
 * @returns {Promise<{ url: string, cert: string | null, server: import('node:http').Server, catalog: import('./load-data.js').Catalog, close(): Promise<void> }>}
 */
export async function startCatalog(options = {}) {
  const { port = 0, host = '127.0.0.1', log = console.log, logError = console.error } = options;
  const catalog = options.catalog ?? (await loadCatalog(options.dataFile));
  if (!options.catalog) log(catalog.summary);
  const tls = options.tls ? await createSelfSignedCertificate(host) : null;
  const visitors = await openVisitorStore({
    kind: options.visitorStore ?? 'memory',
    dataDir: options.dataDir ?? '',
    databaseUrl: options.databaseUrl,
    logError,
  });
  log(visitors.summary);
  const server = createCatalogServer({ catalog, faults: options.faults, tls, visitors, logError });

  try {
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve(undefined);
      });
    });
  } catch (error) {
    await visitors.close();
    throw error;
  }
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const url = `${tls ? 'https' : 'http'}://${urlHost(address.address)}:${address.port}`;

  let closing;
  return {
    url,
    /** the self-signed certificate (PEM) with CATALOG_TLS=1, for clients to pin */
    cert: tls?.cert ?? null,
    server,
    catalog,
    close() {
      closing ??= new Promise((resolve) => {
        server.close(async () => {
          // Last: no request is left to write. Closing checkpoints the log into the file.
          await visitors.close();
          resolve(undefined);
        });
        // Stalled requests never end by themselves: cut them, and idle keep-alive sockets.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** @param {string} address as listened on; the URL names a host clients can reach */
function urlHost(address) {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return address.includes(':') ? `[${address}]` : address;
}
