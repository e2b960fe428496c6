// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '01',
  slug: 'connection-pool',
  title: 'Connection pooling',
  broken: { EXERCISE: '01' },
  symptom:
    'the upstream pool still holds too few sockets, or opens a new connection for every call: pages queue for the catalog',
  brokenLabel: '5 upstream sockets, a new connection per call',
  // Deadlines long enough for the queue to show as waiting, as in Box's test: with the
  // default 1 s, queued calls time out, the pages go without the visitor's data and
  // come back fast, and the p50 measures the timeout, not the pool.
  both: { UPSTREAM_TIMEOUT_MS: '10000', UPSTREAM_DEADLINE_MS: '20000' },
  load: { path: '/', concurrency: 20, latencyMs: 250 },
  figures: ['p50', 'p99', 'rps', 'poolPendingMax', 'upstreamCallsPerRequest', 'cpuMsPerRequest'],
  headline: 'p50',
  seed: { source: 'Box, 2015', what: 'p50 at 20 concurrent users, 250 ms API', before: 2533, after: 1077, unit: 'ms' },
};
