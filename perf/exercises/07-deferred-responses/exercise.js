// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '07',
  slug: 'deferred-responses',
  title: 'Deferred responses under a flood',
  symptom:
    "under a flood of the cheapest request, fewer answers per second and a longer p50 than the handlers' own work explains",
  cause: 'responses still end later than their handlers end them: something defers every response',
  brokenLabel: 'every response ended after 5 setImmediate turns',
  // A flood of the cheapest answer, as the story's req/s were: what the deferral costs, and nothing else.
  load: { path: '/healthz', concurrency: 200, latencyMs: 0 },
  figures: ['rps', 'p50', 'p99', 'cpuMsPerRequest', 'eventLoopDelayP99Ms'],
  headline: 'rps',
  seed: {
    source: 'hapi, a Rails to Node migration',
    what: 'requests per second under a flood',
    before: 1400,
    after: 6000,
    unit: 'req/s',
  },
};
