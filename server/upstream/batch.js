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
import { endCall, startCall } from './trace.js';

/** @typedef {import('./trace.js').UpstreamCall} UpstreamCall */
/** @typedef {import('./trace.js').CallSink} CallSink */

/**
 * @template V
 * @typedef {object} Batcher
 * @property {(keys: readonly string[], sink?: CallSink) => Promise<Map<string, V | Error>>} loadMany
 *   never rejects: a failed chunk answers each of its keys with the Error;
 *   sink: told of each upstream call the answer waited for
 */

/**
 * @template V
 * @param {object} options
 * @param {string} [options.name] the calls' name in traces, e.g. 'GET /titles'
 * @param {(keys: string[]) => Promise<Map<string, V | Error>>} options.load
 *   one upstream call for at most `maxBatch` distinct keys; a key it leaves
 *   out of the map is answered with null
 * @param {number} [options.maxBatch]
 * @returns {Batcher<V | null>}
 */
export function createBatcher({ load, maxBatch = 200, name = 'batch' }) {
  /** Keys asked for and answered by a call not yet made or not yet back. */
  /** @type {Map<string, Promise<Answer>>} */
  const inFlight = new Map();
  /** @typedef {{ value: V | null | Error, call: UpstreamCall }} Answer */
  /** @type {Map<string, (answer: Answer) => void>} */
  let waiting = new Map();
  let scheduled = false;

  function flush() {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    const keys = [...batch.keys()];
    for (let i = 0; i < keys.length; i += maxBatch) {
      const chunk = keys.slice(i, i + maxBatch);
      const call = startCall(name);
      // Chunks run in parallel: they are independent and the pool limits them.
      Promise.resolve()
        .then(() => load(chunk))
        .then(
          (answers) => {
            endCall(call);
            for (const key of chunk) settle(key, answers.has(key) ? answers.get(key) : null, call);
          },
          (err) => {
            endCall(call);
            const error = err instanceof Error ? err : new Error(String(err));
            for (const key of chunk) settle(key, error, call);
          },
        );
    }
    /** @param {string} key @param {V | null | Error | undefined} value @param {UpstreamCall} call */
    function settle(key, value, call) {
      inFlight.delete(key);
      batch.get(key)?.({ value: value === undefined ? null : value, call });
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
    async loadMany(keys, sink) {
      const unique = [...new Set(keys)];
      const answers = await inTurn(Promise.all(unique.map(loadOne)), sink?.since);
      if (sink) for (const { call } of answers) sink.add(call);
      return new Map(unique.map((key, i) => [key, answers[i].value]));
    },
  };
}

/**
 * @returns {<T>(key: string, call: () => Promise<T>, sink?: CallSink) => Promise<T>}
 *   runs `call` unless a call with the same key is still in flight; key: the
 *   call's name in traces too (e.g. 'GET /lists'); sink: told of the call waited for
 */
export function createCoalescer() {
  /** @type {Map<string, { promise: Promise<any>, call: UpstreamCall }>} */
  const inFlight = new Map();
  return function coalesce(key, call, sink) {
    let entry = inFlight.get(key);
    if (!entry) {
      const traced = startCall(key);
      const promise = Promise.resolve()
        .then(call)
        .finally(() => {
          endCall(traced);
          inFlight.delete(key);
        });
      entry = { promise, call: traced };
      inFlight.set(key, entry);
    }
    const { promise, call: traced } = entry;
    if (!sink) return inTurn(promise);
    // Told once answered (or failed): a call still in flight has no end yet.
    return inTurn(promise, sink.since).finally(() => sink.add(traced));
  };
}
