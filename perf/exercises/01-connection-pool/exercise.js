// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '01',
  slug: 'connection-pool',
  title: 'Connection pooling',
  // One at a time, with `npm run exercise -- NN --hint`: where to look, what to measure, what the fix looks like.
  hints: [
    'Where to look: the server waits, it does not work. Run `npm run perf:load -- --upstream-latency 250 --concurrency 20` and compare `CPU ms/req` with the p50: latency grows, CPU does not. Something between the app and the catalog queues.',
    'What to measure: the `pool queue` column (`marquee_upstream_pool_pending` in `/metrics`) and `marquee_upstream_pool_connected`. How many sockets does the app hold to the catalog, and does a second page reuse them?',
    'What the fix looks like: in `server/upstream/pool.js`, the undici `Pool` takes its socket count from the configuration (`connections`, `UPSTREAM_CONNECTIONS`), and calls keep their connection alive: no `connection: close` header.',
  ],
  symptom:
    "pages wait rather than work: the p50 climbs far above the catalog's latency while CPU per page stays low, and upstream calls queue behind one another",
  cause:
    'the upstream pool still holds too few sockets, or opens a new connection for every call: pages queue for the catalog',
  brokenLabel: '5 upstream sockets, a new connection per call',
  // Upstream deadlines of 10 s on both sides (lib/load-pair.js): the queue shows as waiting.
  load: { path: '/', concurrency: 20, latencyMs: 250 },
  figures: ['p50', 'p99', 'rps', 'poolPendingMax', 'upstreamCallsPerRequest', 'cpuMsPerRequest'],
  headline: 'p50',
  seed: { source: 'Box, 2015', what: 'p50 at 20 concurrent users, 250 ms API', before: 2533, after: 1077, unit: 'ms' },
};
