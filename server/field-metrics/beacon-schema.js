// @ts-check
// What a browser may report in POST /perf/beacon, checked strictly before
// anything is counted. A beacon is written by whoever holds a browser, so every
// field is untrusted: unknown keys, non-finite or absurd numbers and unbounded
// label values are refused whole (400), never clipped or half-recorded.
// Labels only from the fixed sets of ./beacon-fields.js (the cardinality pitfall).

import {
  EFFECTIVE_TYPES,
  ENGINES,
  INP_PHASES,
  INP_TARGETS,
  INP_TYPES,
  LAB_TTI_METHODS,
  LAB_TTI_STATUSES,
  LOAD_MAX_MS,
  MAX_KEY_INPUT_MS,
  MAX_KEY_PRESSES,
  METRICS,
  NAVIGATION_TYPES,
  ROUTES,
  SERVER_TIMINGS,
} from './beacon-fields.js';
import { parseNotRestored } from './not-restored.js';
import { parseEarlyInput } from './early-input.js';
import { parsePlaceholderRows } from './placeholder-rows.js';
import { parseNavigationBeacon } from './navigation.js';
import { parseSoftNavigationBeacon } from './soft-navigation.js';

// Its vocabulary, for those who import it from here.
export * from './beacon-fields.js';

/**
 * Label fields: allowed values and the value when absent (undefined: required).
 * @type {[field: string, allowed: readonly string[], fallback: string | undefined][]}
 */
const LABELS = [
  ['route', ROUTES, undefined],
  ['navigationType', NAVIGATION_TYPES, undefined],
  ['effectiveType', EFFECTIVE_TYPES, 'unknown'],
  ['labTTIStatus', LAB_TTI_STATUSES, 'pending'],
  ['labTTIMethod', LAB_TTI_METHODS, 'none'],
  ['engine', ENGINES, 'other'],
  ['inpTarget', INP_TARGETS, 'none'],
  ['inpType', INP_TYPES, 'none'],
];

const TOP_LEVEL_KEYS = new Set([
  'route',
  'navigationType',
  'effectiveType',
  'labTTIStatus',
  'labTTIMethod',
  'engine',
  'inpTarget',
  'inpType',
  'metrics',
  'keyInput',
  'server',
  'notRestored',
  'requestId',
  'earlyInput',
  'placeholderRows',
]);
/** The id of the page's log line (server/middleware/request-log.js): a UUID, or a proxy's id of this shape. */
const REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * @typedef {{
 *   route: string,
 *   navigationType: string,
 *   effectiveType: string,
 *   labTTIStatus: string,
 *   labTTIMethod: string,
 *   engine: string,
 *   inpTarget: string,
 *   inpType: string,
 *   metrics: Record<string, number>,
 *   keyInput: number[],
 *   server: Record<string, number>,
 *   notRestored?: string[],
 *   requestId?: string,
 *   earlyInput?: number[],
 *   placeholderRows?: number,
 * }} Beacon placeholderRows: rows that came into view before their cards (./placeholder-rows.js) earlyInput: each input before interactive, its wait in ms (./early-input.js) notRestored: why the back/forward cache did not restore the page (./not-restored.js)
 * @typedef {{ navigation: import('./navigation.js').Navigation } | { softNavigation: import('./soft-navigation.js').SoftNavigation }} NavigationBeacon
 *   one client-side navigation (./navigation.js), or the browser's figures for one (./soft-navigation.js)
 * @typedef {{ ok: true, beacon: Beacon, error?: undefined } | { ok: false, beacon?: undefined, error: string }} ParseResult
 * @typedef {{ ok: true, beacon: Beacon | NavigationBeacon, error?: undefined } | { ok: false, beacon?: undefined, error: string }} AnyParseResult
 */

/**
 * Parses and validates one beacon body (already size-limited by the caller).
 * @param {unknown} text the raw request body
 * @returns {ParseResult}
 */
export function parseBeacon(text) {
  const body = parseJsonObject(text);
  return typeof body === 'string' ? fail(body) : parsePageBeacon(body);
}

/**
 * A page view's beacon, a client-side navigation's (`{ "navigation": … }`, ./navigation.js),
 * or the browser's soft-navigation figures for one (`{ "softNavigation": … }`, ./soft-navigation.js).
 * @param {unknown} text the raw request body
 * @returns {AnyParseResult}
 */
export function parseAnyBeacon(text) {
  const body = parseJsonObject(text);
  if (typeof body === 'string') return fail(body);
  if (Object.hasOwn(body, 'navigation')) return parseNavigationBeacon(body);
  if (Object.hasOwn(body, 'softNavigation')) return parseSoftNavigationBeacon(body);
  return parsePageBeacon(body);
}

/**
 * @param {unknown} text
 * @returns {Record<string, unknown> | string} the object, or what is wrong with the text
 */
function parseJsonObject(text) {
  if (typeof text !== 'string' || text.length === 0) return 'empty body: send the beacon as JSON text';
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return 'body is not JSON';
  }
  return isPlainObject(body) ? body : 'beacon must be a JSON object';
}

/**
 * @param {Record<string, unknown>} body
 * @returns {ParseResult}
 */
function parsePageBeacon(body) {
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
    metrics[name] = /** @type {number} */ (value); // rangeProblem: a finite number in range
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
    server[name] = /** @type {number} */ (value); // rangeProblem: a finite number in range
  }

  const { requestId } = body;
  if (requestId !== undefined && !(typeof requestId === 'string' && REQUEST_ID.test(requestId)))
    return fail("requestId must be 1 to 64 letters, digits, - or _ (the page's own request id)");

  const notRestored = parseNotRestored(body.notRestored);
  if (notRestored.error !== undefined) return fail(notRestored.error);
  const earlyInput = parseEarlyInput(body.earlyInput);
  if (earlyInput.error !== undefined) return fail(earlyInput.error);
  const placeholderRows = parsePlaceholderRows(body.placeholderRows);
  if (placeholderRows.error !== undefined) return fail(placeholderRows.error);

  return {
    ok: true,
    beacon: {
      route: labels.route,
      navigationType: labels.navigationType,
      effectiveType: labels.effectiveType,
      labTTIStatus: labels.labTTIStatus,
      labTTIMethod: labels.labTTIMethod,
      engine: labels.engine,
      inpTarget: labels.inpTarget,
      inpType: labels.inpType,
      metrics,
      keyInput: [...keyInput],
      server,
      notRestored: notRestored.reasons,
      earlyInput: earlyInput.waits,
      ...(placeholderRows.rows === undefined ? {} : { placeholderRows: placeholderRows.rows }),
      // Never a label (one per page view): kept with the latest beacons, to find its log line.
      ...(requestId === undefined ? {} : { requestId: /** @type {string} */ (requestId) }), // checked above
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

/** @param {unknown} value @returns {value is Record<string, unknown>} */
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
