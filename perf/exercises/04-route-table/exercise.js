// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '04',
  slug: 'route-table',
  title: 'A route table that grows',
  // One at a time, with `npm run exercise -- NN --hint`: where to look, what to measure, what the fix looks like.
  hints: [
    'Where to look: with the app running (`npm start`), `curl -s localhost:3000/metrics | grep marquee_routes_registered` twice, a minute apart: the count should never change in a running process.',
    "What to measure: two flame graphs a minute apart (`npm run perf:flame -- --duration 30`): Express's router walking its layers (`next` in `router/index.js`) widens with time.",
    'What the fix looks like: in `server/app.js`, every route is registered once, at start, through `createRouteTable`; nothing re-registers a handler on a timer.',
  ],
  symptom:
    'latency and CPU per page grow the longer the process runs, and marquee_routes_registered climbs in a running process',
  cause:
    "the app's route table still grows while it runs: a handler is registered again and again, ahead of the routes",
  brokenLabel: 'a refresh re-registers a static handler every millisecond, ahead of every route',
  load: { path: '/', concurrency: 20, latencyMs: 0 },
  figures: ['p50', 'p99', 'rps', 'cpuMsPerRequest', 'routesRegistered'],
  headline: 'p50',
  // --check judges the table's size, the symptom a measurer sees climb: its CPU cost grows with the process's
  // life, so a quick run on a busy machine read 1.07x (docs/lab-reports/student-trials.md), and a fix that
  // re-registers less often would pass on CPU while the table still grows.
  checkFigure: 'routesRegistered',
  seed: {
    source: 'Netflix, "Node.js in Flames", 2014',
    what: 'latency growth',
    before: null,
    after: null,
    unit: 'ms',
    note: '+10 ms per hour before, flat after',
  },
};
