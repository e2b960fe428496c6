// @ts-check
// Built-in measurement for every Marquee page: App TTI, lab TTI and TBT, the
// web vitals, key input and memory, sent in one beacon per page view, shown
// live with ?perf=1 or Shift+P. client/index.jsx imports this module
// dynamically after hydration has committed, so it is never part of the
// JavaScript that stands between the visitor and an interactive page.
import { startMeasuring } from './start.js';

startMeasuring();
