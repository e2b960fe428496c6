// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '08',
  slug: 'tls-reuse',
  title: 'TLS to the upstream',
  symptom: "pages over HTTPS are slower than the catalog's latency explains, and CPU per page is up",
  cause: 'the upstream pool still opens a new TLS connection (a handshake) for every call instead of keeping one alive',
  brokenLabel: 'a new TLS connection (and handshake) per upstream call',
  // Both sides reach the catalog over HTTPS; only reuse differs.
  both: { CATALOG_TLS: '1' },
  load: { path: '/', concurrency: 20, latencyMs: 250 },
  figures: ['p50', 'p99', 'rps', 'cpuMsPerRequest', 'upstreamCallsPerRequest'],
  headline: 'p50',
  seed: { source: 'Box, 2015', what: 'p50 at 20 concurrent users over HTTPS', before: 607, after: 488, unit: 'ms' },
};
