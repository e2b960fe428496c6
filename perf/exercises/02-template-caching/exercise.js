// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '02',
  slug: 'template-caching',
  title: 'Template caching',
  // One at a time, with `npm run exercise -- NN --hint`: where to look, what to measure, what the fix looks like.
  hints: [
    'Where to look: with the app running (`npm start`), the `Server-Timing` header of a page (`curl -sI localhost:3000/`) splits it into phases; one of them is far bigger than a run of a compiled template should be.',
    "What to measure: `npm run perf:flame`, then look for Handlebars' compiler (`compile`, `createFunctionContext`, `parse`) among the top frames: a template is compiled while a page is served.",
    'What the fix looks like: in `server/render/templates.js`, `get()` returns the template compiled at start; it never compiles (only the development watcher recompiles, on a change).',
  ],
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
