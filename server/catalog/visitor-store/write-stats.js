// @ts-check
// Counts and times the store's writes for GET /_stats: how many, how many
// failed, and the p99 of the recent ones. Every write goes through `run`, so
// a failure is counted, logged once and turned into the caller's 503.
import { HttpError, StoreWriteError } from '../errors.js';

/** The p99 is over this many latest writes: recent enough to show a slow disk, cheap to sort. */
const WINDOW = 4096;

/**
 * @typedef {object} WriteFigures
 * @property {number} writes writes that succeeded since start
 * @property {number} refused writes refused for the caller's reason (a full list)
 * @property {number} errors writes that failed (answered 503)
 * @property {number | null} writeP99Ms over the latest writes, null before the first
 * @property {number | null} writeMaxMs the same window's slowest
 */

/** @param {{ logError: (message: string) => void }} options */
export function createWriteStats({ logError }) {
  const latencies = new Float64Array(WINDOW);
  let writes = 0;
  let refused = 0;
  let errors = 0;

  /** Counts a failed write; returns what the caller throws. @param {unknown} error */
  const failed = (error) => {
    if (error instanceof HttpError) {
      refused += 1;
      return error;
    }
    errors += 1;
    logError(`catalog: visitor store write failed: ${error instanceof Error ? error.message : String(error)}`);
    return new StoreWriteError(error);
  };

  return {
    /**
     * @template T
     * @param {() => T} write synchronous, one transaction
     * @returns {T}
     * @throws {HttpError} the caller's own error as it is; any other failure as a StoreWriteError (503)
     */
    run(write) {
      const started = performance.now();
      try {
        const result = write();
        latencies[writes % WINDOW] = performance.now() - started;
        writes += 1;
        return result;
      } catch (error) {
        throw failed(error);
      }
    },

    /**
     * The same for a write that awaits its database (postgres.js): timed
     * from the call to the commit's answer.
     * @template T
     * @param {() => Promise<T>} write one transaction
     * @returns {Promise<T>}
     */
    async runAsync(write) {
      const started = performance.now();
      try {
        const result = await write();
        latencies[writes % WINDOW] = performance.now() - started;
        writes += 1;
        return result;
      } catch (error) {
        throw failed(error);
      }
    },

    /** @returns {WriteFigures} */
    figures() {
      const recent = latencies.slice(0, Math.min(writes, WINDOW)).sort();
      const at = (/** @type {number} */ q) =>
        recent.length === 0 ? null : round(recent[Math.ceil(q * recent.length) - 1]);
      return { writes, refused, errors, writeP99Ms: at(0.99), writeMaxMs: at(1) };
    },
  };
}

/** @param {number} ms */
const round = (ms) => Math.round(ms * 1000) / 1000;
