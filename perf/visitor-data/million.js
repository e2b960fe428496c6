// @ts-check
// node perf/visitor-data/index.js million: that many visitors (3 titles and 2
// ratings each) written straight into a database in one transaction
// (bulk-visitors.js); then the catalog's start, RSS, its list read, and the
// home page of those visitors through the app (p50).
import path from 'node:path';
import { SECRET, rssMb, titles } from './bench.js';
import { cannonRotating, fillVisitorDb } from './bulk-visitors.js';
import { signedCookie } from './writes.js';

/**
 * @param {{
 *   number: (key: string, fallback: number) => number, options: Record<string, string>,
 *   startBoth: import('./bench.js').StartBoth, dataDir: string,
 * }} bench number: an option as a number, or the fallback
 */
export async function million({ number, startBoth, dataDir }) {
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
