// @ts-check
// node perf/visitor-data/index.js latency: `call myList.add` through /model.json
// with autocannon, every call a new title for its visitor (so every call is a
// write): latency percentiles, and the catalog's /_stats.
import autocannon from 'autocannon';
import { SECRET, newVisitorId, rssMb, titles } from './bench.js';
import { addBody, signedCookie } from './writes.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * @param {{
 *   number: (key: string, fallback: number) => number, options: Record<string, string>,
 *   store: string, startBoth: import('./bench.js').StartBoth,
 * }} bench number: an option as a number, or the fallback; store: this run's
 */
export async function latency({ number, startBoth }) {
  const duration = number('duration', 10);
  const connections = number('concurrency', 20);
  const ids = await titles();
  const { catalog, app } = await startBoth();
  const result = await addCalls({ url: app.url, connections, duration, ids });
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

/**
 * `call myList.add` through /model.json at c=connections for `duration` s,
 * every call a new title for one of 4,000 visitors (a list holds 500).
 * @param {{ url: string, connections: number, duration: number, ids: string[] }} options
 */
export function addCalls({ url, connections, duration, ids }) {
  const visitors = Array.from({ length: 4000 }, () => signedCookie(newVisitorId(), SECRET));
  let n = 0;
  return autocannon({
    url: `${url}/model.json`,
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
}
