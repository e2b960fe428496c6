// @ts-check
// The catalog's environment, read once at start-up into one frozen object.
// Every bad key is reported at once, so one restart fixes them all.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from './errors.js';
import { faultsFromEnv } from './faults.js';
import { DEFAULT_DATA_FILE } from './load-data.js';
import { withoutPassword } from './visitor-store/postgres.js';

/**
 * @typedef {object} CatalogConfig
 * @property {number} port 0 = any free port
 * @property {string} host
 * @property {boolean} tls serve HTTPS with a self-signed certificate
 * @property {string} dataFile
 * @property {Readonly<import('./faults.js').Faults>} faults
 * @property {import('./visitor-store/index.js').StoreKind} visitorStore where visitors' lists and ratings live
 * @property {string} dataDir absolute; the visitor database is created in it (sqlite)
 * @property {string} databaseUrl the PostgreSQL database (postgres), '' otherwise
 */

/** `data/` at the project root (git-ignored): `npm start` works with no set-up. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../data', import.meta.url));
const VISITOR_STORES = ['sqlite', 'memory', 'postgres'];

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {{ hasIpc: boolean }} how a child of the app takes any free port; standalone, 4000
 * @returns {Readonly<CatalogConfig>}
 * @throws {ConfigError} naming every bad key
 */
export function readCatalogConfig(env, { hasIpc }) {
  /** @type {string[]} */
  const problems = [];

  const rawPort = env.CATALOG_PORT ?? '';
  const port = rawPort === '' ? (hasIpc ? 0 : 4000) : Number(rawPort);
  if (!/^\d{0,5}$/.test(rawPort) || port > 65535) {
    problems.push(`CATALOG_PORT must be a port number from 0 to 65535, got ${JSON.stringify(rawPort)}`);
  }

  const rawTls = (env.CATALOG_TLS ?? '').toLowerCase();
  if (!['', '0', '1', 'false', 'true'].includes(rawTls)) {
    problems.push(`CATALOG_TLS must be 1 or 0, got ${JSON.stringify(env.CATALOG_TLS)}`);
  }

  const visitorStore = env.VISITOR_STORE || 'sqlite';
  if (!VISITOR_STORES.includes(visitorStore)) {
    problems.push(`VISITOR_STORE must be sqlite, memory or postgres, got ${JSON.stringify(env.VISITOR_STORE)}`);
  }
  const databaseUrl = env.DATABASE_URL ?? '';
  if (visitorStore === 'postgres' && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(
      `DATABASE_URL must be a postgres:// or postgresql:// URL with VISITOR_STORE=postgres, got ${JSON.stringify(withoutPassword(databaseUrl))}`,
    );
  }

  const { faults, problems: faultProblems } = faultsFromEnv(env);
  problems.push(...faultProblems);
  if (problems.length > 0) throw new ConfigError(problems);

  return Object.freeze({
    port,
    host: env.CATALOG_HOST || '127.0.0.1',
    tls: rawTls === '1' || rawTls === 'true',
    dataFile: env.CATALOG_DATA || DEFAULT_DATA_FILE,
    faults,
    visitorStore: /** @type {import('./visitor-store/index.js').StoreKind} */ (visitorStore),
    dataDir: dataDirFrom(env),
    databaseUrl: visitorStore === 'postgres' ? databaseUrl : '',
  });
}

/**
 * DATA_DIR, relative to the working directory, else the default; shared with
 * `npm run catalog:backup` so both find the same file.
 * @param {NodeJS.ProcessEnv} env
 */
export function dataDirFrom(env) {
  return env.DATA_DIR ? path.resolve(env.DATA_DIR) : DEFAULT_DATA_DIR;
}
