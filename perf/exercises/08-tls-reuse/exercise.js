// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '08',
  slug: 'tls-reuse',
  title: 'TLS to the upstream',
  // One at a time, with `npm run exercise -- NN --hint`: where to look, what to measure, what the fix looks like.
  hints: [
    "Where to look: `npm run perf:load -- --upstream-latency 250 --env 'CATALOG_TLS=1'`, the catalog over HTTPS at 250 ms: pages are slower than the upstream's latency explains, and CPU per page is up.",
    "What to measure: `CATALOG_TLS=1 npm run perf:flame -- --env 'GRAPH_CACHE_TTL_MS=0' --upstream-latency 250`: `TLSSocket._init` and `_start` among the top frames, and `marquee_upstream_connections_opened_total` in `/metrics` climbing with the calls: a handshake per call.",
    'What the fix looks like: in `server/upstream/pool.js`, calls keep their connection alive (no `connection: close` header): one handshake per socket, not per call.',
  ],
  symptom: "pages over HTTPS are slower than the catalog's latency explains, and CPU per page is up",
  cause: 'the upstream pool still opens a new TLS connection (a handshake) for every call instead of keeping one alive',
  brokenLabel: 'a new TLS connection (and handshake) per upstream call',
  // Both sides reach the catalog over HTTPS; only reuse differs.
  both: { CATALOG_TLS: '1' },
  load: { path: '/', concurrency: 20, latencyMs: 250 },
  figures: ['p50', 'p99', 'rps', 'cpuMsPerRequest', 'upstreamCallsPerRequest', 'upstreamConnectsPerCall'],
  headline: 'p50',
  // --check judges the handshakes themselves: a p50 on a busy machine is mostly waiting for a core.
  checkFigure: 'upstreamConnectsPerCall',
  seed: { source: 'Box, 2015', what: 'p50 at 20 concurrent users over HTTPS', before: 607, after: 488, unit: 'ms' },
};
