// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '10',
  slug: 'data-layer',
  title: 'What a data layer costs',
  symptom: 'every page asks the catalog again, and costs more CPU, though catalog data is the same for every visitor',
  cause: 'pages still ask the Falcor router (and the catalog) for data the shared graph cache already holds',
  brokenLabel: 'no shared graph cache: every page asks the Falcor router',
  load: { path: '/', concurrency: 20, latencyMs: 250 },
  figures: ['cpuMsPerRequest', 'upstreamCallsPerRequest', 'p50', 'rps'],
  headline: 'cpuMsPerRequest',
  seed: {
    source: 'Marquee, issue 13',
    what: 'CPU per home page',
    before: null,
    after: null,
    unit: 'ms',
    note: '4.3 ms of CPU and two upstream round trips per home page through the router',
  },
};
