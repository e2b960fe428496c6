// @ts-check
// One /metrics for all workers. Each worker hands its own registry to
// prom-client's cluster listener; a worker asked for /metrics asks the
// primary over IPC, and the primary's AggregatorRegistry gathers every
// worker's metrics and sums (or maxes, averages) them. See ADR 006.
import cluster from 'node:cluster';
import client from 'prom-client';

const REQUEST = 'marquee:metrics-request';
const ANSWER = 'marquee:metrics-answer';
const TIMEOUT_MS = 5000;

/**
 * Primary: answer workers' requests for the aggregate of all workers.
 * @param {import('prom-client').Registry} [own] the primary's own metrics (the catalog child's), added as they are
 */
export function serveAggregateFromPrimary(own) {
  const aggregator = new client.AggregatorRegistry();
  cluster.on('message', async (worker, message) => {
    if (message?.type !== REQUEST) return;
    try {
      const text = (await aggregator.clusterMetrics()) + (own ? await own.metrics() : '');
      worker.send({ type: ANSWER, id: message.id, text });
    } catch (error) {
      worker.send({ type: ANSWER, id: message.id, error: /** @type {Error} */ (error).message });
    }
  });
}

/** @type {Map<number, { resolve: (text: string) => void, reject: (error: Error) => void }>} */
const waiting = new Map();
let nextId = 0;
let joined = false;

/**
 * Worker: lets the primary collect this registry, and answers the primary.
 * @param {import('prom-client').Registry} registry
 */
export function joinClusterMetrics(registry) {
  if (joined) return;
  joined = true;
  client.AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs prom-client's worker-side listener.
  new client.AggregatorRegistry();
  process.on('message', (/** @type {any} */ message) => {
    if (message?.type !== ANSWER) return;
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(message.error));
    else pending.resolve(message.text);
  });
}

/**
 * Worker: the Prometheus text of all workers together.
 * @returns {Promise<string>}
 */
export function aggregateMetrics() {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error(`the primary did not answer for metrics within ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
    waiting.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (error) => (clearTimeout(timer), reject(error)),
    });
    /** @type {NonNullable<typeof process.send>} */ (process.send)({ type: REQUEST, id });
  });
}
