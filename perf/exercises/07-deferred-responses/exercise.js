// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '07',
  slug: 'deferred-responses',
  title: 'Deferred responses under a flood',
  // One at a time, with `npm run exercise -- NN --hint`: where to look, what to measure, what the fix looks like.
  hints: [
    'Where to look: load the cheapest answer there is, `npm run perf:load -- --path /healthz --concurrency 200`, and compare it with a bare `node:http` server (`perf/exercises/07-deferred-responses/bare-server.js`).',
    'What to measure: `npm run perf:flame -- --path /healthz --concurrency 200`: `processImmediate` among the longest busy stretches; every response waits for turns of the event loop after its handler has ended it.',
    'What the fix looks like: in `server/app.js`, no middleware wraps `res.end` to defer it: a response ends when its handler ends it.',
  ],
  symptom:
    "under a flood of the cheapest request, fewer answers per second and a longer p50 than the handlers' own work explains",
  cause: 'responses still end later than their handlers end them: something defers every response',
  brokenLabel: 'every response ended after 5 setImmediate turns',
  // A flood of the cheapest answer, as the story's req/s were: what the deferral costs, and nothing else.
  load: { path: '/healthz', concurrency: 200, latencyMs: 0 },
  figures: ['rps', 'p50', 'p99', 'cpuMsPerRequest', 'eventLoopDelayP99Ms'],
  headline: 'rps',
  // --check judges the wait: today's Node keeps the rate (0.9x), a response ended turns late waits (p50 1.6x).
  checkFigure: 'p50',
  seed: {
    source: 'hapi, a Rails to Node migration',
    what: 'requests per second under a flood',
    before: 1400,
    after: 6000,
    unit: 'req/s',
  },
};
