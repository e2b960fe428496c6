// @ts-check
// Measures the catalog's visitor database (issue 21, docs/visitor-data.md),
// against the production bundle and the real catalog process:
//
//   node perf/visitor-data.js crash   [--writes 2000] [--concurrency 20]
//     adds and ratings through the app's /model.json at c=N; once --writes
//     are acknowledged, kill -9 of app and catalog (writes still in flight),
//     a restart on the same DATA_DIR and COOKIE_SECRET, and a count of the
//     acknowledged writes that are there.
//   node perf/visitor-data.js latency [--duration 10] [--concurrency 20] [--store sqlite|memory]
//     `call myList.add` through /model.json with autocannon, every call a new
//     title for its visitor: latency percentiles, and the catalog's /_stats.
//   node perf/visitor-data.js million [--visitors 1000000] [--duration 10] [--page-concurrency 20]
//     that many visitors (3 titles and 2 ratings each) written straight into
//     a database in one transaction; then the catalog's start, RSS, its list
//     read, and the home page of those visitors through the app (p50).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startCatalogProcess } from '../server/catalog-process.js';
import { loadCatalog } from '../server/catalog/load-data.js';
import { ensureClientBuild, startApp } from './lib/processes.js';
import { cannonRotating, fillVisitorDb } from './lib/visitor-million.js';
import { addBody, readThroughApp, signedCookie, writeThroughApp } from './lib/visitor-writes.js';

const [mode = '', ...rest] = process.argv.slice(2);
/** @type {Record<string, string>} */
const options = {};
for (let i = 0; i < rest.length; i += 2) options[rest[i].replace(/^--/, '')] = rest[i + 1];
const number = (/** @type {string} */ key, /** @type {number} */ fallback) => Number(options[key] ?? fallback);
const SECRET = 'perf-visitor-data-cookie-secret-0123456789';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const dataDir = mkdtempSync(path.join(tmpdir(), 'marquee-visitor-data-'));
/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];
/** @param {Record<string, string>} [env] */
async function startBoth(env = {}) {
  const catalog = await startCatalogProcess({
    env: { ...process.env, DATA_DIR: dataDir, VISITOR_STORE: 'sqlite', ...env, CATALOG_PORT: '0' },
    stdio: 'pipe',
  });
  const app = await startApp({
    catalogUrl: catalog.url,
    // The overload guard off: on a busy machine it answers fast 503s, and a
    // latency percentile over those would not be the data path's.
    env: {
      COOKIE_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_HEAP_USED_PCT: '0',
      OVERLOAD_MAX_IN_FLIGHT: '0',
    },
    cpus: null,
  });
  cleanups.push(
    () => app.stop(),
    () => catalog.stop(),
  );
  return { catalog, app };
}
const rssMb = (/** @type {number | undefined} */ pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const titles = async () => [...(await loadCatalog()).titles.keys()];
const newVisitorId = () => randomBytes(16).toString('base64url');

async function crash() {
  const target = number('writes', 2000);
  const concurrency = number('concurrency', 20);
  const ids = await titles();
  const { catalog, app } = await startBoth();
  const visitors = Array.from({ length: concurrency }, newVisitorId);
  /** @typedef {{ visitor: string, kind: 'add' | 'rate', id: string, rating?: number }} Write */
  /** @type {Write[]} */
  const acked = [];
  /** @type {Write[]} in flight at the kill */
  const unacked = [];
  /** @type {Write[]} answered with an error before it (none expected) */
  const failed = [];
  /** @type {Map<string, number>} */
  const reasons = new Map();
  let killed = false;
  const started = performance.now();
  let killedAt = 0;
  const kill = () => {
    killed = true;
    killedAt = performance.now();
    catalog.child.kill('SIGKILL');
    process.kill(-app.pid, 'SIGKILL');
  };
  await Promise.all(
    visitors.map(async (visitor, w) => {
      const cookie = signedCookie(visitor, SECRET);
      for (let k = 0; !killed; k++) {
        // Each title once per visitor: what is read back can only be this write's.
        const id = ids[(w * 97 + k) % ids.length];
        /** @type {Write} */
        const write = k % 2 === 0 ? { visitor, kind: 'add', id } : { visitor, kind: 'rate', id, rating: (k % 5) + 1 };
        const refused = await writeThroughApp(app.url, cookie, write).catch((/** @type {Error} */ e) => e.message);
        if (refused === null && !killed) {
          acked.push(write);
          if (acked.length >= target) kill();
        } else if (killed) unacked.push(write);
        else {
          failed.push(write);
          reasons.set(refused.slice(0, 60), (reasons.get(refused.slice(0, 60)) ?? 0) + 1);
        }
      }
    }),
  );
  const rate = acked.length / ((killedAt - started) / 1000);
  console.log(
    `${acked.length} writes acknowledged in ${((killedAt - started) / 1000).toFixed(1)} s (${rate.toFixed(0)}/s at c=${concurrency}); kill -9 of app and catalog with ${unacked.length} in flight; ${failed.length} failed before`,
  );

  if (failed.length > 0)
    console.log(
      `  failed before the kill (not acknowledged, so not counted): ${JSON.stringify(Object.fromEntries(reasons))}`,
    );

  const again = await startBoth();
  let addsThere = 0;
  let ratingsThere = 0;
  let unackedThere = 0;
  for (const visitor of visitors) {
    const cookie = signedCookie(visitor, SECRET);
    const mine = [...acked, ...unacked, ...failed].filter((w) => w.visitor === visitor);
    const graph = await readThroughApp(again.app.url, cookie, [
      ['titlesById', mine.map((w) => w.id), ['inMyList', 'userRating']],
    ]);
    for (const write of mine) {
      const there =
        write.kind === 'add'
          ? graph.titlesById[write.id].inMyList === true
          : graph.titlesById[write.id].userRating === write.rating;
      if (unacked.includes(write)) unackedThere += there ? 1 : 0;
      else if (failed.includes(write)) continue;
      else if (write.kind === 'add') addsThere += there ? 1 : 0;
      else ratingsThere += there ? 1 : 0;
    }
  }
  const adds = acked.filter((w) => w.kind === 'add').length;
  console.log(
    `after the restart: ${addsThere} of ${adds} acknowledged adds, ${ratingsThere} of ${acked.length - adds} acknowledged ratings`,
  );
  console.log(`  (${unackedThere} of the ${unacked.length} in flight at the kill landed too: either is correct)`);
  console.log(
    `  ${again.catalog.url}: ${JSON.stringify((await (await fetch(`${again.catalog.url}/_stats`)).json()).visitorStore)}`,
  );
}

async function latency() {
  const duration = number('duration', 10);
  const connections = number('concurrency', 20);
  const ids = await titles();
  const { catalog, app } = await startBoth({ VISITOR_STORE: options.store ?? 'sqlite' });
  // Enough visitors that every call adds a new title (a list holds 500).
  const visitors = Array.from({ length: 4000 }, () => signedCookie(newVisitorId(), SECRET));
  let n = 0;
  const result = await autocannon({
    url: `${app.url}/model.json`,
    connections,
    duration,
    method: 'POST',
    headers: FORM,
    requests: [
      {
        setupRequest(request) {
          const i = n++;
          const id = ids[Math.floor(i / visitors.length) % ids.length];
          return { ...request, headers: { ...FORM, cookie: visitors[i % visitors.length] }, body: addBody(id) };
        },
      },
    ],
  });
  const stats = (await (await fetch(`${catalog.url}/_stats`)).json()).visitorStore;
  const l = result.latency;
  console.log(`myList.add through /model.json, c=${connections}, ${duration} s, store ${stats.kind}:`);
  console.log(
    `  ${result.requests.total} calls (${result.requests.average}/s), non-2xx ${result.non2xx} ${JSON.stringify(result.statusCodeStats)}, errors ${result.errors}`,
  );
  console.log(`  latency ms: p50 ${l.p50}, p90 ${l.p90}, p99 ${l.p99}, max ${l.max}`);
  console.log(
    `  catalog /_stats: writes ${stats.writes}, refused ${stats.refused}, errors ${stats.errors}, write p99 ${stats.writeP99Ms} ms, max ${stats.writeMaxMs} ms`,
  );
  console.log(`  RSS after: app ${rssMb(app.pid).toFixed(0)} MB, catalog ${rssMb(catalog.child.pid).toFixed(0)} MB`);
}

async function million() {
  const count = number('visitors', 1_000_000);
  const duration = number('duration', 10);
  const ids = await titles();
  const file = path.join(dataDir, 'visitors.db');
  const concurrency = number('page-concurrency', 20);
  // The same processes on an empty database first: the RSS to compare with.
  fillVisitorDb(file, 0, ids);
  const empty = await startBoth();
  console.log(`empty database: catalog RSS ${rssMb(empty.catalog.child.pid).toFixed(0)} MB at start`);
  await empty.app.stop();
  await empty.catalog.stop();

  const { sample, seconds, mb } = fillVisitorDb(file, count, ids);
  console.log(
    `${count} visitors (3 titles, 2 ratings each) in one transaction: ${seconds.toFixed(1)} s, ${mb.toFixed(0)} MB`,
  );
  const started = performance.now();
  const { catalog, app } = await startBoth();
  const startS = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`catalog and app started in ${startS} s; catalog RSS ${rssMb(catalog.child.pid).toFixed(0)} MB`);
  const paths = sample.map((vid) => `/visitors/${vid}/my-list`);
  const reads = await cannonRotating({ url: catalog.url, paths, connections: 20, duration });
  console.log(
    `catalog GET /visitors/:vid/my-list, c=20: p50 ${reads.latency.p50} ms, p99 ${reads.latency.p99} ms, ${reads.requests.average}/s, non-2xx ${reads.non2xx}`,
  );
  const cookies = sample.map((vid) => signedCookie(vid, SECRET));
  const pages = await cannonRotating({ url: app.url, paths: ['/'], cookies, connections: concurrency, duration });
  console.log(
    `home page of those visitors (their My List row), c=${concurrency}: p50 ${pages.latency.p50} ms, p99 ${pages.latency.p99} ms, ${pages.requests.average}/s, statuses ${JSON.stringify(pages.statusCodeStats)}`,
  );
  console.log(`catalog RSS after: ${rssMb(catalog.child.pid).toFixed(0)} MB`);
}

const MODES = { crash, latency, million };
if (!Object.hasOwn(MODES, mode)) {
  console.error('usage: node perf/visitor-data.js crash|latency|million [--option value ...] (see the file)');
  process.exit(2);
}
try {
  await ensureClientBuild();
  await MODES[/** @type {keyof typeof MODES} */ (mode)]();
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
