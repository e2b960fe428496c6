// @ts-check
// Load shedding: when the process is past what it can serve in time, new
// pages and /model.json get a fast 503 with Retry-After instead of joining a
// queue nobody leaves (measured before: c=1000 against a 250 ms catalog, p50
// 4.5 s, RSS 110 → 477 MB, never a 503). /healthz, /readyz, /metrics and the
// static assets still answer: an overloaded process is alive, and says so.
// Four signals, each off at 0:
// - event-loop delay, the mean of each 500 ms window as @fastify/under-pressure
//   reads it: high only when the loop is late for most of the window (a
//   runaway computation, GC thrash), not for one long turn. Pitfall: a
//   measure that weighs each moment instead ((σ² + μ²) / 2μ, the mean wait of
//   a request arriving at random) shed 150 requests at c=50 against a catalog
//   failing half its calls, with p50 at 360 ms: this app's turns are bursty
//   (a batch of pages rendered together), and a burst is not an overload.
//   Even the mean passed 200 ms there (turns of 150 to 400 ms on a starved
//   core), hence a default of 1000 ms (server/config/load.js);
// - event-loop utilization, the share of the window the loop was busy;
// - heap used, in % of V8's limit: the process is heading for an out-of-memory crash;
// - requests in flight. Pitfall: the loop is fair, so under saturation every
//   page advances a little each turn and the delay stays low (c=1000: 10 to
//   35 ms while pages took seconds); only a bound on the work admitted bounds
//   the latency and the memory of what is admitted.
//
// Our own module rather than a library: @fastify/under-pressure is the model
// but is a fastify plugin; overload-protection and toobusy-js do fit Express
// but measure lag with a JavaScript timer of their own (every 5 ms for
// overload-protection) and see little upkeep. Node's
// perf_hooks.monitorEventLoopDelay measures in C++ at no cost to the loop.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

/** How often delay and heap are read; a request only reads the outcome. */
const SAMPLE_MS = 500;
/** The histogram's resolution, subtracted from its mean as under-pressure does. */
const RESOLUTION_MS = 10;
/** Seconds a client should wait: about one sample, and time for the queue to go down. */
export const RETRY_AFTER_S = 2;
/** The body of a shed answer; nginx answers its own sheds with the same (deploy/nginx.conf). */
export const SHED_BODY = 'Busy: please retry in a moment.\n';
/** Probes, scrapes and immutable files are cheap, and must answer however busy the process is. */
const NEVER_SHED = new Set(['/healthz', '/readyz', '/metrics']);
const NEVER_SHED_PREFIX = '/assets/';

/** @typedef {import('../metrics/shedding.js').ShedReason} ShedReason */

/**
 * @param {{
 *   maxEventLoopDelayMs: number,
 *   maxEventLoopUtilizationPct: number,
 *   maxHeapUsedPct: number,
 *   maxInFlight: number,
 *   onShed?: (reason: ShedReason) => void,
 * }} options 0 turns a threshold off
 */
export function createOverloadGuard({
  maxEventLoopDelayMs,
  maxEventLoopUtilizationPct,
  maxHeapUsedPct,
  maxInFlight,
  onShed = () => {},
}) {
  /** @type {ShedReason | null} why requests are shed now (sampled), or null */
  let sampled = null;
  let inFlight = 0;
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const heapLimit = getHeapStatistics().heap_size_limit;

  let delayMs = 0;
  let lastElu = performance.eventLoopUtilization();
  const sample = () => {
    const elu = performance.eventLoopUtilization();
    const busyPct = performance.eventLoopUtilization(elu, lastElu).utilization * 100;
    lastElu = elu;
    // A window without a reading (seen on a machine short of CPU) keeps the last one.
    if (delay.count > 0) delayMs = Math.max(0, delay.mean / 1e6 - RESOLUTION_MS);
    delay.reset();
    const heapPct = (process.memoryUsage().heapUsed / heapLimit) * 100;
    if (maxEventLoopDelayMs > 0 && delayMs > maxEventLoopDelayMs) sampled = 'event_loop_delay';
    else if (maxEventLoopUtilizationPct > 0 && busyPct > maxEventLoopUtilizationPct) sampled = 'event_loop_utilization';
    else if (maxHeapUsedPct > 0 && heapPct > maxHeapUsedPct) sampled = 'heap';
    else sampled = null;
  };
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  if (maxEventLoopDelayMs > 0 || maxEventLoopUtilizationPct > 0 || maxHeapUsedPct > 0) {
    delay.enable();
    timer = setInterval(sample, SAMPLE_MS).unref();
  }

  /** @type {import('express').RequestHandler} */
  function middleware(req, res, next) {
    if (NEVER_SHED.has(req.path) || req.path.startsWith(NEVER_SHED_PREFIX)) return next();
    const reason = sampled ?? (maxInFlight > 0 && inFlight >= maxInFlight ? 'in_flight' : null);
    if (reason === null) {
      inFlight += 1;
      res.once('close', () => (inFlight -= 1));
      return next();
    }
    onShed(reason);
    res.set('Retry-After', String(RETRY_AFTER_S));
    res.set('Cache-Control', 'no-store');
    res.status(503).type('text').send(SHED_BODY);
  }

  return {
    middleware,
    /** The last sampled event-loop delay, ms. */
    get delayMs() {
      return delayMs;
    },
    /** Why requests are shed now on delay, utilization or heap (null: they are not). */
    get reason() {
      return sampled;
    },
    close() {
      clearInterval(timer);
      delay.disable();
    },
  };
}
