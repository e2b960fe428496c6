// @ts-check
// The app server as `npm start` runs it (NODE_ENV=production) and the catalog
// service with the given latency, each in its own process, pinned to its
// cores, stopped with the run: the fleet's instances (deploy/lib/fleet.js) and
// the processes the perf tools measure.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCatalogProcess } from '../../server/catalog-process.js';
import { otherServerArgs, serverArgs } from './server-bundle.js';
import { pinProcess } from './pin-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 30_000;

/** Certificates of the CATALOG_TLS=1 catalogs started here, by URL: an app started on one pins it unasked. */
const certificates = new Map();

/**
 * A fresh visitor database per catalog, removed when this process exits: a load
 * run mints thousands of visitors, and they are not the starter's data/.
 */
function scratchDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-perf-data-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** @param {string} cpus @param {number | undefined} pid */
function pin(cpus, pid) {
  if (cpus && pid) pinProcess(pid, cpus);
}

/**
 * @param {{ latencyMs: number, jitterMs: number, cpus: string | null, env?: Record<string, string> }} options
 *   env: catalog knobs (CATALOG_TLS, CATALOG_LATENCY_MS…) over the latency given;
 *   DATA_DIR is a scratch directory unless env names one
 * @returns {ReturnType<typeof startCatalogProcess>} its url, and its certificate (ca) with CATALOG_TLS=1
 */
export async function startCatalog({ latencyMs, jitterMs, cpus, env = {} }) {
  const catalog = await startCatalogProcess({
    env: {
      ...process.env,
      CATALOG_LATENCY_MS: String(latencyMs),
      CATALOG_JITTER_MS: String(jitterMs),
      DATA_DIR: scratchDataDir(),
      ...env,
      CATALOG_PORT: '0',
    },
    stdio: 'pipe',
  });
  pin(cpus ?? '', catalog.child.pid);
  if (catalog.ca) certificates.set(catalog.url, catalog.ca);
  return catalog;
}

/** The app serves the client bundle's manifest: build it once if missing. */
export function ensureClientBuild() {
  if (existsSync(new URL('../../dist/client/manifest.json', import.meta.url))) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, ['client/build/index.js'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    build.once('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`client build failed (code ${code})`)),
    );
  });
}

/**
 * Starts the production server (dist/server.js, rebuilt by `buildServer`
 * first) on a free port, as `npm start` runs it.
 * @param {{
 *   catalogUrl: string,
 *   catalogCa?: string | null,
 *   env?: Record<string, string>,
 *   cpus: string | null,
 *   nodeArgs?: string[],
 *   bundle?: { entry: string, outfile: string },
 *   root?: string,
 * }} options root: another checkout, whose own code is built and run there (perf:load --vs-root, perf:chaos
 *   --app-dir); bundle: another entry to bundle and start instead (perf:load --baseline's page); catalogCa: the
 *   certificate of a CATALOG_TLS=1 catalog, pinned as the app pins the one it starts itself
 *   (by default, that of the catalog startCatalog started at catalogUrl: perf:flame, perf:chaos)
 * @returns {Promise<{ url: string, pid: number, stop: () => Promise<number | null> }>}
 */
export async function startApp({ catalogUrl, catalogCa, env = {}, cpus, nodeArgs = [], bundle, root }) {
  catalogCa ??= certificates.get(catalogUrl) ?? null;
  const args = root ? await otherServerArgs(root) : await serverArgs(bundle);
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: root ?? ROOT,
    env: {
      ...process.env,
      // As `npm start` runs it, request logs included (about 9% of the CPU per
      // page: `--vs 'LOG_LEVEL=warn'` at c=20 measured 1.09x),
      // on one core unless WORKERS says otherwise.
      NODE_ENV: 'production',
      WORKERS: '1',
      // No load balancer to tell: production's 5 s of 503 on /readyz before
      // the drain would only make every tool's stop 5 s longer.
      DRAIN_DELAY_MS: '0',
      ...env,
      HOST: '127.0.0.1',
      PORT: '0',
      CATALOG_URL: catalogUrl,
      // Pitfall: an https catalog without its certificate fails every check
      // (perf:load once served 0-card pages at 93.6 req/s that way).
      ...(catalogCa ? { CATALOG_CA: catalogCa } : {}),
    },
    // Its own process group, so stop() reaches any worker it forks.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pin(cpus ?? '', child.pid);
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output = (output + chunk).slice(-4000);
  });

  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      // SIGTERM lets the app exit cleanly (and write a --cpu-prof profile).
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    return child.exitCode;
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the app did not listen within ${START_TIMEOUT_MS} ms\n${output}`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited before listening (code ${code})\n${output}`));
    });
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const url = /listening on (http:\/\/[\d.]+:\d+)/.exec(stdout)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout?.removeAllListeners('data');
      // Keep draining: a full pipe would block the app's console.log.
      child.stdout?.resume();
      resolve({ url, pid: /** @type {number} */ (child.pid), stop });
    });
  });
}
