// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '07',
  slug: 'deferred-responses',
  title: 'Deferred responses under a flood',
  // One at a time, with `npm run exercise -- NN --hint`: where to look, what to measure, what the fix looks like.
  hints: [
    'Where to look: load the cheapest answer there is, `npm run perf:load -- --path /healthz --concurrency 200`, and compare it with a bare `node:http` server (`perf/exercises/07-deferred-responses/bare-server.js`).',
    "What to measure: the server's own clock against its work. Under the flood, `/metrics`' `http_request_duration_seconds` for `/healthz` (perf:load's `srv ms/req`) against its CPU per answer (`CPU ms/req`), and `npm run perf:flame -- --path /healthz --concurrency 200`: `processImmediate` among the longest busy stretches. Every response waits for a later turn of the event loop after its handler has ended it.",
    'What the fix looks like: in `server/app.js`, no middleware wraps `res.end` to defer it: a response ends when its handler ends it.',
  ],
  symptom:
    "under a flood of the cheapest request, the server's own clock says each answer takes far longer than the CPU it costs",
  cause: 'responses still end later than their handlers end them: something defers every response',
  brokenLabel: 'every response ended a turn later (setImmediate), after the requests read with it',
  // A flood of the cheapest answer, as the story's req/s were: what the deferral costs, and nothing else.
  load: { path: '/healthz', concurrency: 200, latencyMs: 0 },
  figures: ['rps', 'p50', 'p99', 'serverMsPerRequest', 'cpuMsPerRequest', 'eventLoopDelayP99Ms'],
  headline: 'rps',
  // --check judges the wait inside the app: today's Node keeps the flood's rate and, at a fixed number of
  // connections, its p50 (Little's law), but a response ended a turn late waits for every request read with it.
  checkFigure: 'serverMsPerRequest',
  seed: {
    source: 'hapi, a Rails to Node migration',
    what: 'requests per second under a flood',
    before: 1400,
    after: 6000,
    unit: 'req/s',
  },
};
