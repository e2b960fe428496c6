// @ts-check
// One dashboard for all workers. With WORKERS > 1 each beacon reaches one
// worker; its Prometheus histograms are summed across workers by /metrics
// (server/metrics/cluster-aggregate.js), but the sketches behind /perf would show one
// worker's share. So workers also forward each accepted beacon to the primary,
// which keeps the cluster-wide sketches, and ask it for them on GET /perf.
// The primary side starts with servePerfFromPrimary() (this part's inPrimary,
// ./plug-in.js, run by server/cluster-primary.js); when it does not answer
// in time, that one request shows the worker's own figures and says so, and
// the next request asks again.
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
 * @typedef {object} PrimaryChannel how a worker talks to the primary
 * @property {((message: any) => void) | null} send null outside a cluster worker
 * @property {(listener: (message: any) => void) => void} onMessage
 * @property {number} [answerTimeoutMs]
 */

/** @returns {PrimaryChannel} this process's IPC channel to the cluster primary */
function processChannel() {
  return {
    send: cluster.isWorker && typeof process.send === 'function' ? process.send.bind(process) : null,
    onMessage: (listener) => process.on('message', listener),
  };
}

/**
 * Worker (or single process): where beacons go and where the dashboard reads.
 * @param {ReturnType<typeof createPerfAggregates>} local this process's aggregates
 * @param {PrimaryChannel} [channel] the IPC channel; tests pass a fake one
 */
export function perfScope(local, channel = processChannel()) {
  const { send, onMessage, answerTimeoutMs = ANSWER_TIMEOUT_MS } = channel;
  if (!send) {
    return {
      /** @param {import('./beacon-schema.js').Beacon | import('./beacon-schema.js').NavigationBeacon} beacon */
      record: (beacon) => local.record(beacon),
      snapshot: async () => ({ ...local.snapshot(), scope: 'process' }),
    };
  }

  /** @type {Map<number, (snapshot: any) => void>} */
  const waiting = new Map();
  let nextId = 0;
  onMessage((message) => {
    if (message?.type !== ANSWER) return;
    waiting.get(message.id)?.(message.snapshot);
    waiting.delete(message.id);
  });

  return {
    /** @param {import('./beacon-schema.js').Beacon | import('./beacon-schema.js').NavigationBeacon} beacon */
    record(beacon) {
      local.record(beacon);
      send({ type: BEACON, beacon });
    },
    async snapshot() {
      // Ask every time: a primary busy for a second (a long GC, a burst of
      // beacons) answers the next request, so a missed answer costs only
      // this one request its cluster-wide figures. A late answer finds no
      // one waiting and is dropped.
      const id = nextId++;
      const answer = await new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), answerTimeoutMs);
        waiting.set(id, (snapshot) => (clearTimeout(timer), resolve(snapshot)));
        send({ type: REQUEST, id });
      });
      waiting.delete(id);
      if (answer) return { ...answer, scope: 'cluster' };
      return { ...local.snapshot(), scope: `worker ${process.pid} only` };
    },
  };
}
