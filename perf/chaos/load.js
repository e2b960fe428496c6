// @ts-check
// Drives perf/chaos/load-child.js: starts the load, lets a scenario mark
// the requests in flight (at SIGTERM, say) and stop it, and turns its counts
// into one row of the chaos table.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pinProcess } from '../../deploy/lib/pin-process.js';
import { percentile } from '../lib/cannon.js';

const CHILD = fileURLToPath(new URL('./load-child.js', import.meta.url));

/**
 * @typedef {{
 *   sent: number, completed: number, failed: number, refused: number, truncated: number,
 *   sampled: number, blank: number, timeouts: number,
 *   statuses: Record<string, number>, errors: Record<string, number>, latencies: number[],
 *   generatorLagMs: { p99: number, max: number },
 *   marked: { inFlight: number, complete: number, truncated: number, failed: number } | null,
 * }} LoadResult
 */

/**
 * @param {{
 *   url: string, connections: number, cpus?: string | null, keepAlive?: boolean,
 *   timeoutMs?: number, maxSeconds?: number,
 * }} options keepAlive false: a fresh connection per request, as new visitors come
 */
export function startLoad({ url, connections, cpus = null, keepAlive = true, timeoutMs, maxSeconds }) {
  const child = fork(CHILD, [JSON.stringify({ url, connections, keepAlive, timeoutMs, maxSeconds })], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    execArgv: [],
  });
  if (cpus && child.pid) pinProcess(child.pid, cpus);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  /** @type {Promise<LoadResult>} */
  const done = new Promise((resolve, reject) => {
    /** @type {LoadResult | null} */
    let result = null;
    child.on('message', (/** @type {any} */ message) => {
      if (message.type === 'done') result = message.result;
    });
    // 'close', not 'exit': it comes after the IPC channel's last message (perf/lib/cannon.js).
    child.once('close', (code) => {
      if (result) resolve(result);
      else reject(new Error(`the chaos load generator exited (code ${code}) without a result\n${stderr}`));
    });
  });
  const send = (/** @type {string} */ type) => {
    if (child.connected) child.send({ type });
  };
  return {
    done,
    /** Remembers the requests in flight now, to tell later how each ended. */
    mark: () => send('mark'),
    /** No new requests; those in flight finish (or time out). */
    stop: () => {
      send('stop');
      return done;
    },
  };
}

/**
 * The figures of one scenario's load, as the table shows them.
 * @param {LoadResult} load
 */
export function loadFigures(load) {
  const sorted = [...load.latencies].sort((a, b) => a - b);
  return {
    sent: load.sent,
    completed: load.completed,
    failed: load.failed,
    refused: load.refused,
    truncated: load.truncated,
    blank: load.blank,
    sampled: load.sampled,
    status503: load.statuses['503'] ?? 0,
    otherNon200: Object.entries(load.statuses)
      .filter(([status]) => status !== '200' && status !== '503')
      .reduce((sum, [, n]) => sum + n, 0),
    p50: sorted.length > 0 ? percentile(sorted, 50) : null,
    p99: sorted.length > 0 ? percentile(sorted, 99) : null,
    timeouts: load.timeouts,
    generatorLagMs: load.generatorLagMs,
    statuses: load.statuses,
    errors: load.errors,
    marked: load.marked,
  };
}
