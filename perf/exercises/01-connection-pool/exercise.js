// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '01',
  slug: 'connection-pool',
  title: 'Connection pooling',
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
