// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '05',
  slug: 'above-the-fold',
  title: 'Above the fold',
  // One at a time, with `npm run exercise -- NN --hint`: where to look, what to measure, what the fix looks like.
  hints: [
    'Where to look: with the app running (`npm start`), `curl -s localhost:3000/ | grep -o \'<li class="card"\' | wc -l` counts the cards in the HTML the server sends: how many does the first screen show?',
    "What to measure: `npm run perf:page` (React's render per page) and `npm run perf:load -- --concurrency 20` (`CPU ms/req`, HTML bytes per page); and the round trips before the rows: is there a query for the row count first?",
    'What the fix looks like: in `shared/pages/home.js`, the server asks for and renders the first `rows` rows (`ATF_ROWS`, 3 by default) with no head query; the other rows are `null`, placeholders the client fills as they near the viewport.',
  ],
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
