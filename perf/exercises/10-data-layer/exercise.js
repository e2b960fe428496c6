// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '10',
  slug: 'data-layer',
  title: 'What a data layer costs',
  // One at a time, with `npm run exercise -- NN --hint`: where to look, what to measure, what the fix looks like.
  hints: [
    'Where to look: count what one home page asks the catalog: with the app running (`npm start`), `curl -s localhost:3000/metrics | grep marquee_upstream_request_duration_seconds_count` before and after a page. Catalog data is the same for every visitor.',
    "What to measure: `npm run perf:page` (CPU per home page, step by step) and `npm run perf:flame`: falcor-router's path matching under every page.",
    "What the fix looks like: in `server/page-data/index.js`, pages read catalog paths from the process-wide shared graph cache (`pageDataThrough(routerFor, sharedGraph)`); only the visitor's own paths go through the router.",
  ],
  symptom: 'every page asks the catalog again, and costs more CPU, though catalog data is the same for every visitor',
  cause: 'pages still ask the Falcor router (and the catalog) for data the shared graph cache already holds',
  brokenLabel: 'no shared graph cache: every page asks the Falcor router',
  load: { path: '/', concurrency: 20, latencyMs: 250 },
  figures: ['cpuMsPerRequest', 'upstreamCallsPerRequest', 'p50', 'rps'],
  headline: 'cpuMsPerRequest',
  // --check judges the calls: the CPU a router pass costs is within a busy machine's noise, a call per page is not.
  checkFigure: 'upstreamCallsPerRequest',
  seed: {
    source: 'Marquee, issue 13',
    what: 'CPU per home page',
    before: null,
    after: null,
    unit: 'ms',
    note: '4.3 ms of CPU and two upstream round trips per home page through the router',
  },
};
