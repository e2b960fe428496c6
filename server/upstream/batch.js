// @ts-check
/**
 * Two small tools that keep upstream round trips down without caching:
 * - `createBatcher`: keys asked for in the same tick become one upstream call
 *   (split into chunks), answered per key (router-demo's batch.js idea).
 * - `createCoalescer`: identical calls already in flight share one promise.
 * Nothing outlives its call: once answered, the next ask goes upstream again.
 * Callers sharing one answer are woken one per event-loop turn (turns.js).
 */
import { inTurn } from './turns.js';

/**
 * @template V
 * @typedef {object} Batcher
 * @property {(keys: readonly string[]) => Promise<Map<string, V | Error>>} loadMany
 *   never rejects: a failed chunk answers each of its keys with the Error
 */

/**
 * @template V
 * @param {object} options
 * @param {(keys: string[]) => Promise<Map<string, V | Error>>} options.load
 *   one upstream call for at most `maxBatch` distinct keys; a key it leaves
 *   out of the map is answered with null
 * @param {number} [options.maxBatch]
 * @returns {Batcher<V | null>}
 */
export function createBatcher({ load, maxBatch = 200 }) {
  /** Keys asked for and answered by a call not yet made or not yet back. */
  /** @type {Map<string, Promise<V | null | Error>>} */
  const inFlight = new Map();
  /** @type {Map<string, (value: V | null | Error) => void>} */
  let waiting = new Map();
  let scheduled = false;

  function flush() {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    const keys = [...batch.keys()];
    for (let i = 0; i < keys.length; i += maxBatch) {
      const chunk = keys.slice(i, i + maxBatch);
      // Chunks run in parallel: they are independent and the pool limits them.
      Promise.resolve()
        .then(() => load(chunk))
        .then(
          (answers) => {
            for (const key of chunk) settle(key, answers.has(key) ? answers.get(key) : null);
          },
          (err) => {
            const error = err instanceof Error ? err : new Error(String(err));
            for (const key of chunk) settle(key, error);
          },
        );
    }
    /** @param {string} key @param {V | null | Error | undefined} value */
    function settle(key, value) {
      inFlight.delete(key);
      batch.get(key)?.(value === undefined ? null : value);
    }
  }

  /** @param {string} key */
  function loadOne(key) {
    let promise = inFlight.get(key);
    if (!promise) {
      promise = new Promise((resolve) => waiting.set(key, resolve));
      inFlight.set(key, promise);
      if (!scheduled) {
        scheduled = true;
        // setImmediate, not nextTick: it waits for every microtask of this
        // turn, so route handlers resolved by the same upstream answer batch.
        setImmediate(flush);
      }
    }
    return promise;
  }

  return {
    async loadMany(keys) {
      const unique = [...new Set(keys)];
      const values = await inTurn(Promise.all(unique.map(loadOne)));
      return new Map(unique.map((key, i) => [key, values[i]]));
    },
  };
}

/**
 * @returns {<T>(key: string, call: () => Promise<T>) => Promise<T>}
 *   runs `call` unless a call with the same key is still in flight
 */
export function createCoalescer() {
  /** @type {Map<string, Promise<any>>} */
  const inFlight = new Map();
  return function coalesce(key, call) {
    let promise = inFlight.get(key);
    if (!promise) {
      promise = Promise.resolve()
        .then(call)
        .finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
    }
    return inTurn(promise);
  };
}
