// @ts-check
// What a browser may report in POST /perf/beacon, checked strictly before
// anything is counted. A beacon is written by whoever holds a browser, so every
// field is untrusted: unknown keys, non-finite or absurd numbers and unbounded
// label values are refused whole (400), never clipped or half-recorded.
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
const LOAD_MAX_MS = 60 * 1000;
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
const MAX_KEY_INPUT_MS = INTERACTION_MAX_MS;

/**
 * Label fields: allowed values and the value when absent (undefined: required).
 * @type {[field: string, allowed: readonly string[], fallback: string | undefined][]}
 */
const LABELS = [
  ['route', ROUTES, undefined],
  ['navigationType', NAVIGATION_TYPES, undefined],
  ['effectiveType', EFFECTIVE_TYPES, 'unknown'],
  ['labTTIStatus', LAB_TTI_STATUSES, 'pending'],
  ['inpTarget', INP_TARGETS, 'none'],
  ['inpType', INP_TYPES, 'none'],
];

const TOP_LEVEL_KEYS = new Set([
  'route',
  'navigationType',
  'effectiveType',
  'labTTIStatus',
  'inpTarget',
  'inpType',
  'metrics',
  'keyInput',
  'server',
]);

/**
 * @typedef {{
 *   route: string,
 *   navigationType: string,
 *   effectiveType: string,
 *   labTTIStatus: string,
 *   inpTarget: string,
 *   inpType: string,
 *   metrics: Record<string, number>,
 *   keyInput: number[],
 *   server: Record<string, number>,
 * }} Beacon
 * @typedef {{ ok: true, beacon: Beacon, error?: undefined } | { ok: false, beacon?: undefined, error: string }} ParseResult
 */

/**
 * Parses and validates one beacon body (already size-limited by the caller).
 * @param {unknown} text the raw request body
 * @returns {ParseResult}
 */
export function parseBeacon(text) {
  if (typeof text !== 'string' || text.length === 0) return fail('empty body: send the beacon as JSON text');
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return fail('body is not JSON');
  }
  if (!isPlainObject(body)) return fail('beacon must be a JSON object');
  for (const key of Object.keys(body)) {
    if (!TOP_LEVEL_KEYS.has(key)) return fail(`unknown field ${quote(key)}`);
  }

  /** @type {Record<string, string>} */
  const labels = {};
  for (const [field, allowed, fallback] of LABELS) {
    const value = body[field] ?? fallback;
    if (typeof value !== 'string' || !allowed.includes(value))
      return fail(`${field} must be one of ${allowed.join(', ')}`);
    labels[field] = value;
  }

  if (!isPlainObject(body.metrics)) return fail('metrics must be an object of numbers');
  /** @type {Record<string, number>} */
  const metrics = {};
  for (const [name, value] of Object.entries(body.metrics)) {
    if (!Object.hasOwn(METRICS, name)) return fail(`unknown metric ${quote(name)}`);
    const problem = rangeProblem(value, METRICS[name].max);
    if (problem) return fail(`metrics.${name} ${problem}`);
    metrics[name] = value;
  }
  // The two labels come together (the client sets both at once), which also
  // keeps the target-by-type keys the server counts to 9 × 2.
  if ((labels.inpTarget === 'none') !== (labels.inpType === 'none'))
    return fail('inpTarget and inpType come together: both or neither');
  // Attribution describes an INP: without one it is a forged or broken beacon.
  const attributed =
    labels.inpTarget !== 'none' || labels.inpType !== 'none' || INP_PHASES.some((name) => Object.hasOwn(metrics, name));
  if (attributed && metrics.inp === undefined) return fail('inpTarget, inpType and INP phases need metrics.inp');

  const keyInput = body.keyInput ?? [];
  if (!Array.isArray(keyInput)) return fail('keyInput must be an array of numbers');
  if (keyInput.length > MAX_KEY_PRESSES) return fail(`keyInput holds at most ${MAX_KEY_PRESSES} key presses`);
  for (const value of keyInput) {
    const problem = rangeProblem(value, MAX_KEY_INPUT_MS);
    if (problem) return fail(`keyInput ${problem}`);
  }

  const serverIn = body.server ?? {};
  if (!isPlainObject(serverIn)) return fail('server must be an object of numbers');
  /** @type {Record<string, number>} */
  const server = {};
  for (const [name, value] of Object.entries(serverIn)) {
    if (!SERVER_TIMINGS.includes(name)) return fail(`unknown server timing ${quote(name)}`);
    // The server's own timings: past the page's own bound, not a page load.
    const problem = rangeProblem(value, LOAD_MAX_MS);
    if (problem) return fail(`server.${name} ${problem}`);
    server[name] = value;
  }

  return {
    ok: true,
    beacon: {
      route: labels.route,
      navigationType: labels.navigationType,
      effectiveType: labels.effectiveType,
      labTTIStatus: labels.labTTIStatus,
      inpTarget: labels.inpTarget,
      inpType: labels.inpType,
      metrics,
      keyInput: [...keyInput],
      server,
    },
  };
}

/**
 * @param {unknown} value
 * @param {number} max
 * @returns {string | null} what is wrong, or null
 */
function rangeProblem(value, max) {
  // JSON cannot carry NaN or Infinity, but a number can still be absurd.
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a finite number';
  if (value < 0) return 'must not be negative';
  if (value > max) return `must be at most ${max}`;
  return null;
}

/** @param {unknown} value @returns {value is Record<string, any>} */
function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Quotes a client-supplied name for an error message, cut short so errors stay small. */
function quote(/** @type {string} */ name) {
  return JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);
}

/** @param {string} error @returns {{ ok: false, error: string }} */
function fail(error) {
  return { ok: false, error };
}
