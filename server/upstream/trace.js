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
 * @typedef {{ add: (call: UpstreamCall) => void, since?: number }} CallSink where a client reports a call it
 *   waited for; since: performance.now() when its request arrived (turns.js serves the oldest first)
 * @typedef {{ ms: number, requests: number }} Round calls that went out without waiting for one another: one round trip's worth
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
    since: performance.now(),
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
 * A call's round is one more than that of the latest-ending call that was
 * answered before it went out: calls that overlap share a round, a call that
 * had to wait for an answer starts the next. Round k's time runs from the
 * first of its calls going out to the last coming back.
 * @param {Iterable<UpstreamCall>} calls
 * @returns {TraceSummary}
 */
export function summarize(calls) {
  const done = [...calls].filter((call) => Number.isFinite(call.ended)).sort((a, b) => a.started - b.started);
  /** @type {number[]} */
  const depth = [];
  /** @type {{ started: number, ended: number, requests: number }[]} */
  const levels = [];
  for (const [i, call] of done.entries()) {
    let d = 0;
    for (let j = 0; j < i; j++) if (done[j].ended <= call.started) d = Math.max(d, depth[j]);
    depth.push(d + 1);
    const level = (levels[d] ??= { started: call.started, ended: call.ended, requests: 0 });
    level.started = Math.min(level.started, call.started);
    level.ended = Math.max(level.ended, call.ended);
    level.requests++;
  }
  return { requests: done.length, rounds: levels.map((l) => ({ ms: l.ended - l.started, requests: l.requests })) };
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
