// @ts-check
/**
 * Which upstream calls one request waited for, and how many sequential
 * rounds they made: a page's latency is about its rounds times the upstream's
 * latency, whatever the number of calls in each (Box, 2015). The batcher and
 * the coalescer (batch.js) know each real call's start and end; a request
 * waiting on one adds it to its trace. Calls shared with other requests count
 * for each of them: from each one's side, it waited for that call.
 * Cheap on purpose: a Set per request, a few numbers per call, and the rounds
 * worked out once, when the request reports them.
 */
import { performance } from 'node:perf_hooks';

/**
 * @typedef {{ name: string, started: number, ended: number }} UpstreamCall
 *   one call as made: performance.now() when it went out and when it was answered (NaN until then)
 * @typedef {{ add: (call: UpstreamCall) => void }} CallSink where a client reports a call it waited for
 * @typedef {{ ms: number, requests: number }} Round calls whose times overlap: one round trip's worth
 * @typedef {{ requests: number, rounds: Round[] }} TraceSummary
 */

/**
 * @param {string} name e.g. 'GET /titles'
 * @returns {UpstreamCall}
 */
export function startCall(name) {
  return { name, started: performance.now(), ended: Number.NaN };
}

/** @param {UpstreamCall} call */
export function endCall(call) {
  call.ended = performance.now();
}

/**
 * One request's upstream calls.
 */
export function createTrace() {
  /** @type {Set<UpstreamCall>} */
  const calls = new Set();
  return {
    /** @param {UpstreamCall} call */
    add(call) {
      calls.add(call);
    },
    /** @returns {UpstreamCall[]} */
    calls: () => [...calls],
    /** @returns {TraceSummary} */
    summary: () => summarize(calls),
  };
}

/** @typedef {ReturnType<typeof createTrace>} Trace */

/**
 * The last calls of a source shared by many requests (the catalog graph
 * cache's), so that a request can be charged with those made while it waited.
 * @param {number} [size] calls kept
 */
export function createCallLog(size = 64) {
  /** @type {UpstreamCall[]} */
  const ring = [];
  let next = 0;
  return {
    /** @param {UpstreamCall} call */
    add(call) {
      ring[next] = call;
      next = (next + 1) % size;
    },
    /**
     * Calls that went out and came back between `from` and `to`: what a
     * reader waiting that long waited for.
     * @param {number} from performance.now()
     * @param {number} to
     * @returns {UpstreamCall[]}
     */
    between(from, to) {
      return ring.filter((call) => call.started >= from && call.ended <= to);
    },
  };
}

/**
 * Calls whose times overlap are one round; a call that starts after every
 * earlier one has ended starts the next.
 * @param {Iterable<UpstreamCall>} calls
 * @returns {TraceSummary}
 */
export function summarize(calls) {
  const done = [...calls].filter((call) => Number.isFinite(call.ended)).sort((a, b) => a.started - b.started);
  /** @type {Round[]} */
  const rounds = [];
  let start = Number.NaN;
  let end = Number.NEGATIVE_INFINITY;
  let requests = 0;
  for (const call of done) {
    if (call.started > end) {
      if (requests > 0) rounds.push({ ms: end - start, requests });
      start = call.started;
      end = call.ended;
      requests = 1;
    } else {
      end = Math.max(end, call.ended);
      requests++;
    }
  }
  if (requests > 0) rounds.push({ ms: end - start, requests });
  return { requests: done.length, rounds };
}

/**
 * A request's trace, made on first use and kept with the request.
 * @type {WeakMap<object, Trace>}
 */
const traces = new WeakMap();

/**
 * @param {object} req the request (any object that lives as long as it)
 * @returns {Trace}
 */
export function traceOf(req) {
  let trace = traces.get(req);
  if (!trace) traces.set(req, (trace = createTrace()));
  return trace;
}
