// @ts-check
// Measures the catalog's visitor database (issue 21, docs/visitor-data.md),
// against the production bundle and the real catalog process:
//
//   node perf/visitor-data/index.js crash   [--writes 2000] [--concurrency 20] [--store sqlite,postgres]
//     adds and ratings through the app's /model.json at c=N; once --writes
//     are acknowledged, kill -9 of app and catalog (writes still in flight),
//     a restart on the same DATA_DIR and COOKIE_SECRET, and a count of the
//     acknowledged writes that are there.
//   node perf/visitor-data/index.js latency [--duration 10] [--concurrency 20] [--store sqlite|memory|postgres]
//     `call myList.add` through /model.json with autocannon, every call a new
//     title for its visitor: latency percentiles, and the catalog's /_stats.
//   node perf/visitor-data/index.js million [--visitors 1000000] [--duration 10] [--page-concurrency 20] [--store postgres]
//     that many visitors (3 titles and 2 ratings each) written straight into
//     a database in one transaction; then the catalog's start, RSS, its list
//     read, and the home page of those visitors through the app (p50).
//
// Each mode takes --store postgres: a PostgreSQL started for the run
// (deploy/lib/postgres.js, fsync on, as a real one) instead of SQLite; a list
// (--store sqlite,postgres) runs the mode once per store, in that order.
//   node perf/visitor-data/index.js fleet-latency [--setups sqlite,postgres,postgres:2] [--rounds 2]
//                                    [--duration 10] [--concurrency 20] [--instances 2]
//     `call myList.add` through a fleet's nginx (npm run fleet's), each setup
//     a fresh fleet, the setups alternated over the rounds.
//
// Each mode lives in perf/visitor-data/<mode>.js; the processes they
// start, in perf/visitor-data/bench.js.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureClientBuild } from '../../deploy/lib/processes.js';
import { createBench } from './bench.js';
import { startPostgres } from '../../deploy/lib/postgres.js';
import { crash } from './crash.js';
import { fleetLatency } from './fleet-latency.js';
import { latency } from './latency.js';
import { million } from './million.js';
import { readOptions } from './options.js';
import { runTool } from '../lib/run-tool.js';

const { mode, options } = readOptions(process.argv.slice(2));
const number = (/** @type {string} */ key, /** @type {number} */ fallback) => Number(options[key] ?? fallback);

const dataDir = mkdtempSync(path.join(tmpdir(), 'marquee-visitor-data-'));

const MODES = { crash, latency, million };
if (mode === 'fleet-latency') {
  // Its fleets start their own PostgreSQL and catalogs: no bench here.
  await runTool('perf:visitor-data', async () => {
    await ensureClientBuild();
    await fleetLatency({ number, options });
  });
  rmSync(dataDir, { recursive: true, force: true });
  process.exit();
}
if (!Object.hasOwn(MODES, mode)) {
  console.error(
    'usage: node perf/visitor-data/index.js crash|latency|million|fleet-latency [--option value ...] (see the file)',
  );
  process.exit(2);
}
// One run per store, one after another in this process (--store sqlite,postgres):
// the stores compared in one session, each on its own fresh database.
const stores = String(options.store ?? 'sqlite').split(',');
const STORES = ['sqlite', 'postgres', 'memory'];
if (stores.some((store) => !STORES.includes(store)) || (mode !== 'latency' && stores.includes('memory'))) {
  console.error(`--store must be a list of ${mode === 'latency' ? STORES.join(', ') : 'sqlite, postgres'}`);
  process.exit(2);
}
await runTool('perf:visitor-data', async (onStop) => {
  /** @type {Awaited<ReturnType<typeof startPostgres>> | null} */
  let postgres = null;
  /** @type {ReturnType<typeof createBench> | null} */
  let bench = null;
  onStop(async () => {
    await bench?.stopAll();
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await ensureClientBuild();
  for (const [i, store] of stores.entries()) {
    if (stores.length > 1) console.log(`\n== ${mode}, store ${store} (${new Date().toISOString()})`);
    const storeDir = path.join(dataDir, `${i}-${store}`);
    mkdirSync(storeDir);
    /** @type {string | null} */
    let databaseUrl = null;
    if (store === 'postgres') {
      postgres ??= await startPostgres();
      databaseUrl = await postgres.createDatabase(`visitors_${i}`);
      bench = createBench(storeDir, { VISITOR_STORE: 'postgres', DATABASE_URL: databaseUrl });
    } else bench = createBench(storeDir, { VISITOR_STORE: store });
    await MODES[/** @type {keyof typeof MODES} */ (mode)]({
      number,
      options,
      store,
      startBoth: bench.startBoth,
      dataDir: storeDir,
      databaseUrl,
    });
    await bench.stopAll();
  }
});
