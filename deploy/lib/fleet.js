// @ts-check
// A fleet on one machine, each part a real process in one temporary directory:
// one catalog (the visitors' one database, SQLite) or several behind nginx
// sharing one PostgreSQL started here, N app instances as `npm start` runs
// them, nginx in front, and Prometheus scraping every instance.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config/load.js';
import { startCatalogProcess } from '../../server/catalog-process.js';
import { createSelfSignedCertificate } from '../../server/catalog/tls.js';
import { ensureClientBuild, startApp } from './processes.js';
import { answers200, startDaemon } from './daemon.js';
import { freePort } from './free-port.js';
import { startPostgres } from './postgres.js';
import { defaultEdgeBounds } from './edge-bounds.js';
import { renderNginx } from './render.js';
import { startCatalogsNginx } from './catalogs-nginx.js';
import { NGINX } from './debian-packages.js';
import { startPrometheus } from './prometheus.js';

/**
 * @typedef {{ url: string, pid: number, stop: () => Promise<number | null> }} Instance
 *   stop: SIGTERM (the app drains), resolves with its exit code
 */

/**
 * @param {{
 *   instances?: number,
 *   env?: Record<string, string>,
 *   catalogEnv?: Record<string, string>,
 *   port?: number,
 *   scrapeInterval?: string,
 *   cpus?: (index: number) => string | null,
 *   catalogs?: number,
 *   visitorStore?: 'sqlite' | 'postgres',
 *   edge?: Partial<import('./edge-bounds.js').EdgeBounds>,
 *   accessLog?: boolean,
 * }} [options]
 *   env: app knobs for every instance, over the fleet's own (FLEET=1, one
 *   COOKIE_SECRET, TRUST_PROXY=loopback); port: nginx's HTTP port (0: any free);
 *   cpus: the cores instance `index` is pinned to (null: not pinned);
 *   catalogs: catalog processes (more than one needs visitorStore 'postgres',
 *   and they are reached through nginx); visitorStore: 'postgres' starts a
 *   PostgreSQL of the fleet's own; edge: nginx's shedding bounds over the defaults;
 *   accessLog: nginx logs each request's timings to `accessLog` (a measurement's, never the default)
 */
export async function startFleet({
  instances = 3,
  env = {},
  catalogEnv = {},
  port = 0,
  scrapeInterval = '1s',
  cpus = () => null,
  catalogs = 1,
  visitorStore = 'sqlite',
  edge = {},
  accessLog = false,
} = {}) {
  if (catalogs > 1 && visitorStore !== 'postgres') {
    // SQLite is one process's file: a second catalog would wait on its lock, not share it.
    throw new Error(`${catalogs} catalogs need visitorStore 'postgres' (--store postgres): SQLite cannot be shared`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-fleet-'));
  // nginx's workers run as an unprivileged user when it is started as root.
  chmodSync(dir, 0o755);
  /** @type {(() => Promise<unknown>)[]} stopped in reverse order */
  const stops = [];
  const stop = async () => {
    for (const stopOne of stops.splice(0).reverse()) await stopOne().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await ensureClientBuild();
    /** @type {Record<string, string>} */
    let storeEnv = { VISITOR_STORE: 'sqlite', DATA_DIR: path.join(dir, 'data') };
    /** @type {Awaited<ReturnType<typeof startPostgres>> | null} */
    let postgres = null;
    if (visitorStore === 'postgres') {
      postgres = await startPostgres();
      stops.push(() => /** @type {NonNullable<typeof postgres>} */ (postgres).stop());
      storeEnv = { VISITOR_STORE: 'postgres', DATABASE_URL: await postgres.createDatabase('marquee') };
    }
    /** @type {Awaited<ReturnType<typeof startCatalogProcess>>[]} */
    const catalogProcesses = [];
    stops.push(() => Promise.all(catalogProcesses.map((catalog) => catalog.stop())));
    for (let i = 0; i < catalogs; i++) {
      // One after another: the first migrates the schema, the others find it done.
      catalogProcesses.push(
        await startCatalogProcess({
          env: { ...process.env, ...catalogEnv, ...storeEnv, CATALOG_PORT: '0' },
          stdio: 'pipe',
        }),
      );
    }
    const catalog = catalogProcesses[0];
    if (catalogs > 1 && catalog.ca)
      throw new Error('several catalogs behind nginx speak plain HTTP: unset CATALOG_TLS');

    const appEnv = {
      FLEET: '1',
      COOKIE_SECRET: process.env.COOKIE_SECRET || randomBytes(32).toString('hex'),
      // nginx is on loopback: its X-Forwarded-* headers count, nobody else's.
      TRUST_PROXY: 'loopback',
      // Every connection is nginx's: a per-client cap would cap the fleet.
      MAX_CONNECTIONS_PER_CLIENT: '0',
      ...env,
    };
    // Several catalogs: the instances reach them through an nginx of their
    // own (its upstream, keep-alive), up before the instances start.
    let catalogUrl = catalog.url;
    if (catalogs > 1) {
      const front = await startCatalogsNginx({ catalogs: catalogProcesses, dir, appEnv });
      stops.push(() => front.stop());
      catalogUrl = front.url;
    }

    /** @type {Instance[]} */
    const apps = [];
    // Stopped together: each drains for DRAIN_DELAY_MS, and one after another would add them up.
    stops.push(() => Promise.all(apps.map((app) => app.stop())));
    // One after another: each start rebuilds dist/server.js, and builds at
    // once would write the file while another instance loads it.
    for (let i = 0; i < instances; i++) {
      apps.push(await startApp({ catalogUrl, catalogCa: catalog.ca, env: appEnv, cpus: cpus(i) }));
    }
    const hostPorts = apps.map((app) => new URL(app.url).host);

    // nginx's timeouts come from the same config the instances read.
    const config = loadConfig({ ...process.env, ...appEnv, CATALOG_URL: catalogUrl, NODE_ENV: 'production' });
    const bounds = { ...defaultEdgeBounds(config), ...edge };
    const [httpPort, httpsPort, prometheusPort] = await Promise.all([
      port ? Promise.resolve(port) : freePort(),
      freePort(),
      freePort(),
    ]);
    const runDir = path.join(dir, 'nginx');
    mkdirSync(runDir);
    const tls = await createSelfSignedCertificate('127.0.0.1');
    writeFileSync(path.join(runDir, 'tls.crt'), tls.cert);
    writeFileSync(path.join(runDir, 'tls.key'), tls.key, { mode: 0o600 });
    const nginxConf = path.join(runDir, 'nginx.conf');
    const accessLogFile = accessLog ? path.join(runDir, 'access.log') : null;
    writeFileSync(
      nginxConf,
      renderNginx({
        instances: hostPorts,
        httpListen: `127.0.0.1:${httpPort}`,
        httpsListen: `127.0.0.1:${httpsPort}`,
        runDir,
        tlsCert: path.join(runDir, 'tls.crt'),
        tlsKey: path.join(runDir, 'tls.key'),
        config,
        edge: bounds,
        accessLog: accessLogFile,
      }),
    );
    const url = `http://127.0.0.1:${httpPort}`;
    const nginx = await startDaemon(
      'nginx',
      NGINX,
      ['-e', 'stderr', '-p', runDir, '-c', nginxConf, '-g', 'daemon off;'],
      {
        ready: () => answers200(`${url}/healthz`),
      },
    );
    stops.push(() => nginx.stop());

    const prometheus = await startPrometheus({ dir, port: prometheusPort, targets: hostPorts, scrapeInterval });
    stops.push(() => prometheus.stop());
    const prometheusUrl = prometheus.url;

    return {
      /** nginx, plain HTTP */
      url,
      /** nginx, HTTPS with a self-signed certificate */
      httpsUrl: `https://127.0.0.1:${httpsPort}`,
      prometheusUrl,
      /** what the instances use: the one catalog, or nginx in front of several */
      catalogUrl,
      /** each catalog process, for a test to kill one */
      catalogs: catalogProcesses,
      /** the PostgreSQL of the fleet (visitorStore 'postgres'), else null */
      postgres,
      edge: bounds,
      /** nginx's log of each request's timings (option accessLog), else null */
      accessLog: accessLogFile,
      instances: apps,
      dir,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
