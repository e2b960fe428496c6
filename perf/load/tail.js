// @ts-check
// Where a load level's tail went (perf/load/level.js measures, this reads):
// what the app's own timings cannot see, from the generator's side and the
// kernel's.
import { percentile } from '../lib/cannon.js';
import { roundTo as round } from '../lib/stats.js';

/** Above this share of one core, the generator may be what limits req/s. */
export const GENERATOR_BUSY = 0.9;
/** Above this share of the run spent waiting for a core, a process's timings are the machine's as much as its own. */
const WAITED_MUCH = 0.1;

/** @typedef {import('./level.js').Run} Run */

/**
 * Where the tail of a level went: the first wave (every connection's first
 * answer, all sent at once) apart from the steady state after it, and the
 * queues outside the app's own timings: the accept queue and its overflows,
 * bytes unread in the sockets on either side, and the time the app and the
 * generator were ready to run but waited for a core. `measuredServer` says
 * the generator was not the limit: under 90% of its core, waiting for it
 * under 10% of the run, no listen overflow.
 * @param {Run[]} runs
 * @param {{ steady: number[], p50: number, p99: number, generatorCpu: number }} level
 */
export function tailOf(runs, { steady, p50, p99, generatorCpu }) {
  const max = (/** @type {(run: Run) => number | null | undefined} */ pick) => {
    const values = runs.map(pick).filter((v) => typeof v === 'number');
    return values.length > 0 ? Math.max(.../** @type {number[]} */ (values)) : null;
  };
  const share = (
    /** @type {(run: Run) => number | null | undefined} */ wait,
    /** @type {(run: Run) => number} */ wall,
  ) =>
    runs.every((r) => typeof wait(r) === 'number')
      ? round(
          runs.reduce((sum, r) => sum + /** @type {number} */ (wait(r)), 0) / runs.reduce((sum, r) => sum + wall(r), 0),
          3,
        )
      : null;
  const queues = runs.every((r) => r.queues)
    ? runs.map((r) => /** @type {import('../lib/socket-queues.js').SocketQueues} */ (r.queues))
    : null;
  const listenOverflows = queues ? queues.reduce((n, q) => n + q.listenOverflows + q.listenDrops, 0) : null;
  const generatorWait = share(
    (r) => r.cannon.generatorWaitMs,
    (r) => r.cannon.generatorWallMs,
  );
  const appWait = share(
    (r) => r.app?.waitMs,
    (r) => r.app?.wallMs ?? 0,
  );
  const steadyP50 = percentile(steady, 50);
  const steadyP99 = percentile(steady, 99);
  return {
    p99OverP50: round(p99 / p50, 2),
    firstWaveEndMs: round(max((r) => r.cannon.firstWave?.endMs) ?? NaN, 0),
    firstWaveMaxMs: round(max((r) => r.cannon.firstWave?.maxMs) ?? NaN, 0),
    steadyPages: steady.length,
    steadyP50: round(steadyP50, 1),
    steadyP99: round(steadyP99, 1),
    steadyP99OverP50: round(steadyP99 / steadyP50, 2),
    acceptQueueMax: queues ? Math.max(...queues.map((q) => q.acceptQueueMax)) : null,
    // The machine's counters (TcpExt): another process's overflow counts too, so 0 is the telling figure.
    listenOverflows,
    unreadByAppMaxBytes: queues ? Math.max(...queues.map((q) => q.unreadByAppMax)) : null,
    unreadByGeneratorMaxBytes: queues ? Math.max(...queues.map((q) => q.unreadByClientMax)) : null,
    appWaitedForCore: appWait,
    generatorWaitedForCore: generatorWait,
    measuredServer:
      generatorCpu <= GENERATOR_BUSY && (generatorWait ?? 0) <= WAITED_MUCH && (listenOverflows ?? 0) === 0,
  };
}
