// @ts-check
// The eleven genre pages fill the shared cache with their titles first, as a
// site's traffic would: the clone's cost is the cache's size, not the page's.
const GENRES = [
  'drama',
  'comedy',
  'action',
  'adventure',
  'thriller-suspense',
  'horror',
  'romantic-comedy',
  'musical',
  'documentary',
  'black-comedy',
  'western',
];

/** @type {import('../index.js').Exercise} */
export default {
  id: '03',
  slug: 'deep-clone',
  title: 'Deep clone on the request path',
  // One at a time, with `npm run exercise -- NN --hint`: where to look, what to measure, what the fix looks like.
  hints: [
    "Where to look: pages cost more CPU the more the shared cache holds. Run `npm run perf:load -- --concurrency 20 --prime '/genre/drama /genre/comedy'` (the genre pages fill the cache first) and watch `ELD p99 ms` and `CPU ms/req`; prime fewer or more pages and compare.",
    "What to measure: `npm run perf:flame`: the shared graph's `read` (`server/graph-cache/shared-graph.js`) is among the top frames by self time; `JSON.parse` and `JSON.stringify` are builtins, so their time shows as the caller's.",
    'What the fix looks like: in `server/graph-cache/shared-graph.js`, a read returns only the paths asked for, from the cache itself (`model.getCache(...paths)`), with no copy of the whole cache per page; shared data is protected by freezing where it is made.',
  ],
  symptom:
    "each page's CPU grows with the number of pages the shared cache holds, and the event loop stalls while a page is served",
  cause: "a page's read of the shared graph still deep-clones the whole cache (JSON.parse(JSON.stringify)) every time",
  brokenLabel: 'the whole shared catalog graph cloned (JSON.parse(JSON.stringify)) for every read',
  load: { path: '/', concurrency: 20, latencyMs: 0, prime: GENRES.map((slug) => `/genre/${slug}`) },
  figures: ['secondsPer1000', 'p50', 'p99', 'eventLoopDelayP99Ms', 'cpuMsPerRequest'],
  headline: 'secondsPer1000',
  seed: {
    source: 'Financial Times, 2018',
    what: 'time to serve 1,000 requests (876 failures before, 0 after)',
    before: 305,
    after: 37,
    unit: 's',
  },
};
