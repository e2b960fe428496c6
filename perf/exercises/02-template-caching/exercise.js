// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '02',
  slug: 'template-caching',
  title: 'Template caching',
  symptom:
    'every page costs more CPU than a warm process should, and the template phase of its Server-Timing is far longer than running a ready template takes',
  cause: 'the page shell is still compiled again for every page, not once per process',
  brokenLabel: 'the page shell compiled on every request',
  // CPU is what a compile costs: a catalog at 0 ms leaves the server nothing else to wait for.
  load: { path: '/', concurrency: 20, latencyMs: 0 },
  figures: ['p50', 'p99', 'rps', 'cpuMsPerRequest', 'pageTemplateMs'],
  headline: 'p50',
  seed: { source: 'Box, 2015', what: 'p50 at 20 concurrent users', before: 1077, after: 488, unit: 'ms' },
};
