// @ts-check
// The words a beacon may use (POST /perf/beacon): its labels' fixed sets and
// its metrics' units and largest sane values. server/field-metrics/beacon-schema.js
// checks a beacon against them; the aggregation, the dashboard and /metrics
// name their series from them.
// Pitfall: labels taken from raw input (full URLs, free text) give metrics an
// unbounded cardinality, i.e. a memory leak; labels here come from fixed sets.

import { PAGE_TEMPLATES } from '../../shared/pages/registry.js';

/** Browsers cap one beacon's payload at 64 KB (Fetch spec, "keepalive" quota). */
export const MAX_BEACON_BYTES = 64 * 1024;

/** Route templates the pages report (the page registry's), never raw URLs. */
export const ROUTES = PAGE_TEMPLATES;

/** Navigation Timing types as web-vitals names them, plus `unknown`. */
export const NAVIGATION_TYPES = Object.freeze([
  'navigate',
  'reload',
  'back-forward',
  'back-forward-cache',
  'prerender',
  'restore',
  'unknown',
]);

/** Network Information API `effectiveType` values, plus `unknown` where absent. */
export const EFFECTIVE_TYPES = Object.freeze(['slow-2g', '2g', '3g', '4g', 'unknown']);

/** How the page's lab TTI search ended (client/measure/lab-tti.js). */
export const LAB_TTI_STATUSES = Object.freeze(['found', 'not-found', 'pending', 'unsupported']);

/**
 * The page's engine family, from its own feature tests (client/measure/engine.js):
 * Blink (Chromium, Chrome, Edge), Gecko (Firefox), WebKit (Safari, WebKitGTK), or other.
 */
export const ENGINES = Object.freeze(['blink', 'gecko', 'webkit', 'other']);

/** What found the long tasks (client/measure/long-tasks.js); `none` before the search ends or without one. */
export const LAB_TTI_METHODS = Object.freeze(['longtask', 'loaf', 'heartbeat', 'none']);

/**
 * What the INP interaction was on (client/measure/inp-attribution.js): the
 * class of the closest link or button from shared/components, else its tag;
 * `other` outside any (or once the node left the page); `none` when the
 * beacon carries no INP attribution (no interaction yet, an older page).
 */
export const INP_TARGETS = Object.freeze([
  'card__link',
  'card__info',
  'mylist--card',
  'mylist--page',
  'rating__star',
  'row__link',
  'a',
  'button',
  'other',
  'none',
]);

/** How the INP interaction was made; `none` as for INP_TARGETS. */
export const INP_TYPES = Object.freeze(['pointer', 'keyboard', 'none']);

/** INP's three phases (https://web.dev/articles/optimize-inp), as the beacon names them. */
export const INP_PHASES = Object.freeze(['inpInputDelay', 'inpProcessing', 'inpPresentation']);

/**
 * Largest plausible values, about 15-20 times web-vitals' "poor" thresholds
 * (FCP 3 s, LCP 4 s, TTFB 1.8 s, INP 500 ms, CLS 0.25). Past them a value is a
 * broken clock, a page nobody waited for, or a forged beacon, and one such
 * value per beacon is enough to drag a percentile: 65 beacons claiming
 * 599,999 ms (the old ten-minute bound) took the public /perf p95 there.
 */
export const LOAD_MAX_MS = 60 * 1000;
const INTERACTION_MAX_MS = 10 * 1000;

/**
 * Every metric a beacon may carry, with its unit and largest sane value.
 * @type {Readonly<Record<string, { unit: 'ms' | 'score' | 'bytes', max: number }>>}
 */
export const METRICS = Object.freeze({
  // A page that takes a minute to become interactive lost its visitor long before.
  appTTI: { unit: 'ms', max: LOAD_MAX_MS },
  labTTI: { unit: 'ms', max: LOAD_MAX_MS },
  // Blocking time is counted from FCP to TTI, so it is bounded like them.
  tbt: { unit: 'ms', max: LOAD_MAX_MS },
  fcp: { unit: 'ms', max: LOAD_MAX_MS },
  lcp: { unit: 'ms', max: LOAD_MAX_MS },
  ttfb: { unit: 'ms', max: LOAD_MAX_MS },
  // One key press or click held ten seconds is a hung page, not a slow one.
  inp: { unit: 'ms', max: INTERACTION_MAX_MS },
  // Its phases add up to it, so none can be longer.
  inpInputDelay: { unit: 'ms', max: INTERACTION_MAX_MS },
  inpProcessing: { unit: 'ms', max: INTERACTION_MAX_MS },
  inpPresentation: { unit: 'ms', max: INTERACTION_MAX_MS },
  // CLS is a unitless score; real pages stay under 1, past 10 is forged.
  cls: { unit: 'score', max: 10 },
  // JS heap of one page; 16 GiB is beyond any browser's per-tab limit.
  memory: { unit: 'bytes', max: 16 * 1024 ** 3 },
});

/** The server's own page timings, handed to the page in #marquee-data. */
export const SERVER_TIMINGS = Object.freeze(['upstream', 'render', 'template', 'total']);

/** Key presses reported per page view; more is a stuck key or a script. */
export const MAX_KEY_PRESSES = 100;
/** One key press's keydown to next paint, bounded as INP is. */
export const MAX_KEY_INPUT_MS = INTERACTION_MAX_MS;
