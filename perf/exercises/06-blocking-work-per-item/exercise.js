// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '06',
  slug: 'blocking-work-per-item',
  title: 'Blocking work per item',
  // One at a time, with `npm run exercise -- NN --hint`: where to look, what to measure, what the fix looks like.
  hints: [
    "Where to look: CPU per page grows with the number of cards. Run `npm run perf:load -- --concurrency 20 --env 'ATF_ROWS=all'` (27 rows on the page) against the default 3 rows: something is done once per card that could be done once.",
    "What to measure: `npm run perf:flame -- --env 'ATF_ROWS=all'`: the card's number formatters (`rating`, `runtime`) are among the widest frames by self time; the `Intl.NumberFormat` constructor is native code, so its time shows as theirs.",
    'What the fix looks like: in `shared/components/card-format.js`, each `Intl.NumberFormat` is made once, as a module constant, and the card calls its `format`.',
  ],
  symptom: "CPU and React's render time per page grow with the number of cards on the page",
  cause: 'cards still make a new Intl number formatter for every number they show',
  brokenLabel: "every card's numbers formatted by a new Intl formatter",
  // Many cards per page (all 27 rows on the server), so the cost per card adds up where it can be seen.
  both: { ATF_ROWS: 'all' },
  // CPU is what formatting costs: a catalog at 0 ms leaves the server nothing else to wait for.
  load: { path: '/', concurrency: 20, latencyMs: 0 },
  figures: ['cpuMsPerRequest', 'pageRenderMs', 'rps', 'p50', 'p99', 'eventLoopDelayP99Ms', 'bytesPerRequest'],
  headline: 'cpuMsPerRequest',
  seed: {
    source: 'Box, 2015',
    what: 'formatting a page of dates: a user-land library against the engine’s Intl',
    before: 8,
    after: 2,
    unit: 'ms',
  },
};
