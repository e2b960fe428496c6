// @ts-check
// Measures the catalog's visitor database (issue 21, docs/visitor-data.md),
// against the production bundle and the real catalog process:
//
//   node perf/visitor-data/index.js crash   [--writes 2000] [--concurrency 20]
//     adds and ratings through the app's /model.json at c=N; once --writes
//     are acknowledged, kill -9 of app and catalog (writes still in flight),
//     a restart on the same DATA_DIR and COOKIE_SECRET, and a count of the
//     acknowledged writes that are there.
//   node perf/visitor-data/index.js latency [--duration 10] [--concurrency 20] [--store sqlite|memory|postgres]
//     `call myList.add` through /model.json with autocannon, every call a new
//     title for its visitor: latency percentiles, and the catalog's /_stats.
//   node perf/visitor-data/index.js million [--visitors 1000000] [--duration 10] [--page-concurrency 20]
//     that many visitors (3 titles and 2 ratings each) written straight into
//     a database in one transaction; then the catalog's start, RSS, its list
//     read, and the home page of those visitors through the app (p50).
//
// crash and latency take --store postgres: a PostgreSQL started for the run
// (deploy/lib/postgres.js, fsync on, as a real one) instead of SQLite.
//
// Each mode lives in perf/visitor-data/<mode>.js; the processes they
// start, in perf/visitor-data/bench.js.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureClientBuild } from '../lib/processes.js';
import { createBench } from './bench.js';
import { startPostgres } from '../../deploy/lib/postgres.js';
import { crash } from './crash.js';
import { latency } from './latency.js';
import { million } from './million.js';
import { readOptions } from './options.js';
import { runTool } from '../lib/run-tool.js';

const { mode, options } = readOptions(process.argv.slice(2));
const number = (/** @type {string} */ key, /** @type {number} */ fallback) => Number(options[key] ?? fallback);

const dataDir = mkdtempSync(path.join(tmpdir(), 'marquee-visitor-data-'));

const MODES = { crash, latency, million };
if (mode === 'million' && options.store === 'postgres') {
  console.error('perf:visitor-data: million writes its visitors straight into SQLite: no --store postgres');
  process.exit(2);
}
if (!Object.hasOwn(MODES, mode)) {
  console.error('usage: node perf/visitor-data/index.js crash|latency|million [--option value ...] (see the file)');
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
  if (options.store === 'postgres') {
    postgres = await startPostgres();
    bench = createBench(dataDir, {
      VISITOR_STORE: 'postgres',
      DATABASE_URL: await postgres.createDatabase('visitors'),
    });
  } else bench = createBench(dataDir);
  await MODES[/** @type {keyof typeof MODES} */ (mode)]({ number, options, startBoth: bench.startBoth, dataDir });
});
