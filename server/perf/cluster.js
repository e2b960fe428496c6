// @ts-check
// One dashboard for all workers. With WORKERS > 1 each beacon reaches one
// worker; its Prometheus histograms are summed across workers by /metrics
// (server/metrics/cluster.js), but the sketches behind /perf would show one
// worker's share. So workers also forward each accepted beacon to the primary,
// which keeps the cluster-wide sketches, and ask it for them on GET /perf.
// The primary side starts with servePerfFromPrimary() (next to
// serveAggregateFromPrimary() in server/cluster.js); until it answers, a
// worker shows its own figures and says so.
import cluster from 'node:cluster';
import client from 'prom-client';
import { createPerfAggregates } from './aggregate.js';

const BEACON = 'marquee:perf-beacon';
const REQUEST = 'marquee:perf-snapshot-request';
const ANSWER = 'marquee:perf-snapshot';
const ANSWER_TIMEOUT_MS = 1000;

/** Primary: aggregate the beacons every worker forwards, answer snapshot requests. */
export function servePerfFromPrimary() {
  // Its histograms stay private: /metrics already sums the workers' own.
  const aggregates = createPerfAggregates({ registry: new client.Registry() });
  cluster.on('message', (worker, message) => {
    if (message?.type === BEACON) aggregates.record(message.beacon);
    else if (message?.type === REQUEST) worker.send({ type: ANSWER, id: message.id, snapshot: aggregates.snapshot() });
  });
}

/**
 * Worker (or single process): where beacons go and where the dashboard reads.
 * @param {ReturnType<typeof createPerfAggregates>} local this process's aggregates
 */
export function perfScope(local) {
  const send = cluster.isWorker && typeof process.send === 'function' ? process.send.bind(process) : null;
  if (!send) {
    return {
      /** @param {import('./beacon-schema.js').Beacon} beacon */
      record: (beacon) => local.record(beacon),
      snapshot: async () => ({ ...local.snapshot(), scope: 'process' }),
    };
  }

  /** @type {Map<number, (snapshot: any) => void>} */
  const waiting = new Map();
  let nextId = 0;
  // Once the primary has not answered, it never will: stop asking.
  let primaryAnswers = true;
  process.on('message', (/** @type {any} */ message) => {
    if (message?.type !== ANSWER) return;
    waiting.get(message.id)?.(message.snapshot);
    waiting.delete(message.id);
  });

  return {
    /** @param {import('./beacon-schema.js').Beacon} beacon */
    record(beacon) {
      local.record(beacon);
      send({ type: BEACON, beacon });
    },
    async snapshot() {
      if (primaryAnswers) {
        const id = nextId++;
        const answer = await new Promise((resolve) => {
          const timer = setTimeout(() => resolve(null), ANSWER_TIMEOUT_MS);
          waiting.set(id, (snapshot) => (clearTimeout(timer), resolve(snapshot)));
          send({ type: REQUEST, id });
        });
        waiting.delete(id);
        if (answer) return { ...answer, scope: 'cluster' };
        primaryAnswers = false;
      }
      return { ...local.snapshot(), scope: `worker ${process.pid} only` };
    },
  };
}
