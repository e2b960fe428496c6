// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '05',
  slug: 'above-the-fold',
  title: 'Above the fold',
  symptom:
    "the home page's HTML is several times larger and its server CPU higher: the server does work for more than the first screen shows",
  cause: 'the home page still reads and renders every row on the server, not only the rows above the fold',
  brokenLabel: 'every row rendered on the server',
  load: { path: '/', concurrency: 20, latencyMs: 0 },
  figures: ['appTTI', 'labTTI', 'cpuMsPerRequest', 'bytesPerRequest', 'rps', 'p50', 'pageRenderMs'],
  headline: 'appTTI',
  seed: {
    source: 'Netflix.com, 2015',
    what: 'startup time (time to interactive)',
    before: 100,
    after: 30,
    unit: '%',
    note: 'startup time down 70%',
  },
  tti: true,
  // --check measures the server alone, without Chromium: the CPU a page costs to read and render.
  checkFigure: 'cpuMsPerRequest',
};
