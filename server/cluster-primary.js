// @ts-check
// All cores: with WORKERS > 1 the primary process serves nothing itself. It
// has started the catalog service once (server/index.js), forks the workers
// (each runs server/index.js again and listens on the same port, which
// node:cluster shares round-robin), replaces a worker that dies, and answers
// the workers' requests for the metrics of all of them (ADR 006), for each
// measurement part the app has (server/measurement.js).
import cluster from 'node:cluster';
import { MEASUREMENT_PARTS } from './measurement.js';

const RESTART_WINDOW_MS = 60_000;
/** Beyond a worker's own drain delay and grace period (server/lifecycle/drain.js), before SIGKILL. */
const STOP_MARGIN_MS = 5_000;

/**
 * @param {{
 *   config: import('./config/load.js').Config,
 *   log: import('pino').Logger,
 *   catalogUrl: string,
 *   catalogCa: string | null,
 *   onFatal: () => void,
 *   primaryMetrics?: (registry: import('prom-client').Registry) => void,
 * }} options primaryMetrics: registers the primary's own metrics (the catalog child's), added to the workers'
 * @returns {{ stop: () => Promise<void> }}
 */
export function forkWorkers({ config, log, catalogUrl, catalogCa, onFatal, primaryMetrics }) {
  // Each measurement part's side here (server/measurement.js): the sums of all workers.
  for (const part of MEASUREMENT_PARTS) part.inPrimary?.({ primaryMetrics });
  // Every worker must sign and read the visitor cookie with the same secret,
  // even when it is the random one of this start.
  const env = {
    CATALOG_URL: catalogUrl,
    CATALOG_CA: catalogCa ?? '',
    COOKIE_SECRET: config.cookie.secret,
    WORKERS: String(config.workers),
  };
  let stopping = false;
  /** @type {number[]} */
  let restarts = [];
  let listening = 0;

  const fork = () => {
    const worker = cluster.fork(env);
    worker.once('listening', (address) => {
      listening += 1;
      if (listening === config.workers) {
        console.log(`marquee: ${config.workers} workers listening on http://${config.host}:${address.port}`);
      }
    });
  };
  for (let i = 0; i < config.workers; i += 1) fork();

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, 'worker exited; starting another');
    // A worker that dies at start would die again: give up on a crash loop
    // rather than fork for ever.
    const now = Date.now();
    restarts = [...restarts.filter((at) => now - at < RESTART_WINDOW_MS), now];
    if (restarts.length > config.workers * 3) {
      log.fatal({ restarts: restarts.length }, 'workers keep exiting; stopping');
      onFatal();
      return;
    }
    fork();
  });

  return {
    /**
     * SIGTERM to every worker, which drains as a single process does (its
     * /readyz says 503 at once), and a wait for all of them; SIGKILL for one
     * that outlives its drain.
     */
    async stop() {
      stopping = true;
      const killAfterMs = config.lifecycle.drainDelayMs + config.lifecycle.graceMs + STOP_MARGIN_MS;
      const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise((resolve) => {
              if (worker.isDead()) return resolve(undefined);
              const timer = setTimeout(() => worker.process.kill('SIGKILL'), killAfterMs);
              worker.once('exit', () => {
                clearTimeout(timer);
                resolve(undefined);
              });
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
