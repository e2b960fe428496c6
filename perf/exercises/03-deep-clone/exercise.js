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
