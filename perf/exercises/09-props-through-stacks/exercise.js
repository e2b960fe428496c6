// @ts-check
/** @type {import('../index.js').Exercise} */
export default {
  id: '09',
  slug: 'props-through-stacks',
  title: 'Props through stacks of components',
  // One at a time, with `npm run exercise -- NN --hint`: where to look, what to measure, what the fix looks like.
  hints: [
    "Where to look: with the app running (`npm start`), `curl -sI localhost:3000/` shows the page's `Server-Timing`: the render phase is far above the few rows the page shows. What does React build around each card?",
    "What to measure: `npm run perf:flame`: pass-through components and React's `createElement` (which copies every prop it gets) are the widest frames, the garbage collector behind them.",
    "What the fix looks like: in `shared/components/TitleRow.jsx`, the row renders `TitleCard` itself, not the card under a stack of layers each handed every prop; grouping the props and making the styles once (Netflix's fix) still leaves a hundred layers to render.",
  ],
  symptom: "React's render per page takes many times what the few cards on the page need",
  cause: 'cards still render under a stack of pass-through components, each handed every prop',
  brokenLabel: 'every card under 100 pass-through components spreading 100 props',
  // The default page (3 rows and My List on the server): Netflix's case was one screen.
  load: { path: '/', concurrency: 20, latencyMs: 0 },
  figures: ['pageRenderMs', 'cpuMsPerRequest', 'rps', 'p50', 'p99', 'bytesPerRequest'],
  headline: 'pageRenderMs',
  seed: {
    source: 'Netflix TV UI, 2017',
    what: 'render time, 100 levels deep and 100 props, before and after grouping the props',
    before: 500,
    after: 60,
    unit: 'ms',
  },
};
