// @ts-check
// Injected faults, so any page can be measured against a slow or flaky
// upstream as easily as a perfect one: latency (mean ± jitter), errors (500),
// stalls (no answer at all) and resets (socket destroyed). Set for the whole
// process from the environment or PUT /_faults, or per request with the
// header `x-catalog-faults: latency=250;jitter=25;error=0.5;only=/visitors`.
import { sendJson } from './respond.js';

/**
 * @typedef {object} Faults
 * @property {number} latency mean added delay, ms
 * @property {number} jitter the delay varies uniformly by ± this many ms
 * @property {number} error 0..1, chance of a 500
 * @property {number} stall 0..1, chance of never answering
 * @property {number} reset 0..1, chance of destroying the socket unanswered
 * @property {string | null} only limit the faults to paths starting with this
 */

/** @type {Readonly<Faults>} */
export const NO_FAULTS = Object.freeze({ latency: 0, jitter: 0, error: 0, stall: 0, reset: 0, only: null });

/** A minute is more than any client waits; beyond that it is a typo. */
const MAX_DELAY_MS = 60_000;
const DELAYS = new Set(['latency', 'jitter']);
const RATES = new Set(['error', 'stall', 'reset']);

/** The environment variable behind each process-wide fault. */
export const FAULT_ENV_KEYS = Object.freeze({
  latency: 'CATALOG_LATENCY_MS',
  jitter: 'CATALOG_JITTER_MS',
  error: 'CATALOG_ERROR_RATE',
  stall: 'CATALOG_STALL_RATE',
  reset: 'CATALOG_RESET_RATE',
});

/**
 * Checks fault settings from any source (header text, JSON, environment).
 * @param {Iterable<[key: string, value: unknown]>} entries
 * @param {(key: string) => string} [nameOf] how to name a key in a problem
 * @returns {{ faults: Partial<Faults>, problems: string[] }}
 */
export function parseFaults(entries, nameOf = (key) => key) {
  /** @type {Record<string, number | string | null>} */
  const faults = {};
  /** @type {string[]} */
  const problems = [];
  for (const [key, value] of entries) {
    if (key === 'only') {
      if (value === null) faults.only = null;
      else if (typeof value === 'string' && value.startsWith('/') && value.length <= 200) faults.only = value;
      else problems.push(`${nameOf(key)} must be a path prefix starting with "/"`);
      continue;
    }
    const isDelay = DELAYS.has(key);
    if (!isDelay && !RATES.has(key)) {
      problems.push(`${nameOf(key)} is not a fault (latency, jitter, error, stall, reset, only)`);
      continue;
    }
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    const max = isDelay ? MAX_DELAY_MS : 1;
    if (typeof number === 'number' && Number.isFinite(number) && number >= 0 && number <= max) faults[key] = number;
    else
      problems.push(
        `${nameOf(key)} must be a number from 0 to ${max}${isDelay ? ' (ms)' : ''}, got ${JSON.stringify(value)}`,
      );
  }
  return { faults: /** @type {Partial<Faults>} */ (faults), problems };
}

/**
 * `latency=250;jitter=25;error=0.5;only=/visitors`, any subset.
 * @param {string} header
 */
export function parseFaultHeader(header) {
  /** @type {[string, string][]} */
  const entries = [];
  for (const part of header.split(';')) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    entries.push(at === -1 ? [part.trim(), ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()]);
  }
  return parseFaults(entries, (key) => `x-catalog-faults ${key}`);
}

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ faults: Readonly<Faults>, problems: string[] }}
 */
export function faultsFromEnv(env) {
  const keys = /** @type {[keyof typeof FAULT_ENV_KEYS, string][]} */ (Object.entries(FAULT_ENV_KEYS));
  const set = keys.filter(([, envKey]) => env[envKey] !== undefined && env[envKey] !== '');
  const { faults, problems } = parseFaults(
    set.map(([key, envKey]) => [key, env[envKey]]),
    (key) => FAULT_ENV_KEYS[/** @type {keyof typeof FAULT_ENV_KEYS} */ (key)],
  );
  return { faults: Object.freeze({ ...NO_FAULTS, ...faults }), problems };
}

/**
 * The delay before one answer: uniform over latency ± jitter, never negative.
 * @param {Readonly<Pick<Faults, 'latency' | 'jitter'>>} faults
 * @param {() => number} [random] in [0, 1)
 */
export function delayMs({ latency, jitter }, random = Math.random) {
  return Math.max(0, latency + jitter * (2 * random() - 1));
}

/**
 * Runs the faults that apply to one request.
 * @param {Readonly<Faults>} faults
 * @param {string} pathname
 * @param {import('node:http').ServerResponse} res
 * @returns {Promise<boolean>} true when the request should be served normally
 */
export async function applyFaults(faults, pathname, res) {
  if (faults.only !== null && !pathname.startsWith(faults.only)) return true;
  const delay = delayMs(faults);
  if (delay > 0 && !(await sleepUnlessClosed(delay, res))) return false;

  if (Math.random() < faults.reset) {
    res.socket?.destroy();
    return false;
  }
  // A stall keeps the socket open and silent until the client gives up or the
  // server closes: the upstream timeout path, which error rates never test.
  if (Math.random() < faults.stall) return false;
  if (Math.random() < faults.error) {
    sendJson(res, 500, { error: 'injected fault (error rate)' });
    return false;
  }
  return true;
}

/**
 * @param {number} ms
 * @param {import('node:http').ServerResponse} res
 * @returns {Promise<boolean>} false when the client went away meanwhile
 */
function sleepUnlessClosed(ms, res) {
  return new Promise((resolve) => {
    // Cancelled when the client leaves, so a closing server is not held open
    // by timers for requests nobody waits for.
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(true);
    }, ms);
    res.once('close', onClose);
  });
}
