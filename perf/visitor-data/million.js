// @ts-check
// node perf/visitor-data/index.js million: that many visitors (3 titles and 2
// ratings each) written straight into a database in one transaction
// (bulk-visitors.js); then the catalog's start, RSS, its list read, and the
// home page of those visitors through the app (p50).
import path from 'node:path';
import { SECRET, rssMb, titles } from './bench.js';
import { cannonRotating, fillVisitorDb } from './bulk-visitors.js';
import { fillVisitorPg } from './bulk-visitors-postgres.js';
import { signedCookie } from './writes.js';
import { percentile, runCannon } from '../lib/cannon.js';

/**
 * @param {{
 *   number: (key: string, fallback: number) => number, options: Record<string, string>,
 *   startBoth: import('./bench.js').StartBoth, dataDir: string, databaseUrl: string | null,
 * }} bench number: an option as a number, or the fallback; databaseUrl: PostgreSQL's
 *   (--store postgres), else the visitors go into SQLite in dataDir
 */
export async function million({ number, startBoth, dataDir, databaseUrl }) {
  const count = number('visitors', 1_000_000);
  const duration = number('duration', 10);
  const ids = await titles();
  const file = path.join(dataDir, 'visitors.db');
  const fill = (/** @type {number} */ n) =>
    databaseUrl ? fillVisitorPg(databaseUrl, n, ids) : Promise.resolve(fillVisitorDb(file, n, ids));
  const concurrency = number('page-concurrency', 20);
  // The same processes on an empty database first: the RSS to compare with.
  await fill(0);
  const empty = await startBoth();
  console.log(`empty database: catalog RSS ${rssMb(empty.catalog.child.pid).toFixed(0)} MB at start`);
  await empty.app.stop();
  await empty.catalog.stop();

  const { sample, seconds, mb } = await fill(count);
  console.log(
    `${count} visitors (3 titles, 2 ratings each) in one transaction: ${seconds.toFixed(1)} s, ${mb.toFixed(0)} MB` +
      ` (${databaseUrl ? 'PostgreSQL, the whole database' : 'SQLite'})`,
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
  // perf:load's generator (a process of its own, every page sampled for its
  // cards): one visitor per connection, `concurrency` of those visitors.
  const step = Math.max(1, Math.floor(sample.length / concurrency));
  const cookies = sample.filter((_, i) => i % step === 0).map((vid) => signedCookie(vid, SECRET));
  const pages = await runCannon({ url: app.url, connections: concurrency, duration, cookies });
  const sorted = [...pages.latencies].sort((a, b) => a - b);
  const blank = (pages.samples ?? []).filter((s) => s.status !== 200 || s.cards === 0).length;
  console.log(
    `home page of ${concurrency} of those visitors (their My List row), c=${concurrency}: p50 ${percentile(sorted, 50)} ms, ` +
      `p99 ${percentile(sorted, 99)} ms, ${(pages.requests / pages.durationS).toFixed(1)}/s, ` +
      `non-2xx ${pages.non2xx}, errors ${pages.errors}; ${blank} of ${pages.samples?.length ?? 0} sampled pages blank or not 200`,
  );
  if (pages.latencies.length === 0 || blank > 0) process.exitCode = 1;
  console.log(`catalog RSS after: ${rssMb(catalog.child.pid).toFixed(0)} MB`);
}
