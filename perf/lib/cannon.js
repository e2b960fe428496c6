// @ts-check
// Runs one load level in a child process (perf/lib/cannon-child.js), pinned
// to the generator's cores where taskset exists, and turns its samples into
// the figures of the load table.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pinProcess } from '../../deploy/lib/pin-process.js';

const CHILD = fileURLToPath(new URL('./cannon-child.js', import.meta.url));

/**
 * @typedef {{
 *   durationS: number, requests: number, errors: number, timeouts: number, non2xx: number,
 *   latencies: number[], firstBytes: number[], generatorCpuMs: number, generatorWallMs: number,
 *   steadyLatencies?: number[], firstWave?: { endMs: number, maxMs: number }, generatorWaitMs?: number | null,
 *   bytes?: number, statusCodes?: Record<string, { count: number }>,
 *   samples?: { status: number, html: boolean, cards: number }[],
 * }} CannonRun
 * samples: about one answer a second, what it held (perf/lib/page-check.js); steadyLatencies: those of
 * the pages sent after the first wave (every connection's first answer); firstWave: when it ended and its
 * slowest answer, ms; generatorWaitMs: the time the generator was ready to run but waited for a core
 */

/**
 * @param {{
 *   url: string, connections: number, duration: number, cpus?: string | null,
 *   headers?: Record<string, string>, cookies?: string[], onTick?: (tick: { second: number, requests: number }) => void,
 * }} options
 * @returns {Promise<CannonRun>}
 */
export function runCannon({ url, connections, duration, cpus = null, headers, cookies, onTick = () => {} }) {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [JSON.stringify({ url, connections, duration, headers, cookies })], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    if (cpus && child.pid) pinProcess(child.pid, cpus);
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    /** @type {CannonRun | null} */
    let run = null;
    child.on('message', (/** @type {any} */ message) => {
      if (message.type === 'tick') onTick(message);
      if (message.type === 'error') reject(new Error(`autocannon: ${message.message}`));
      if (message.type === 'done') {
        run = {
          ...message.result,
          latencies: message.latencies,
          steadyLatencies: message.steadyLatencies,
          firstWave: message.firstWave,
          firstBytes: message.firstBytes,
          samples: message.samples ?? [],
          generatorCpuMs: message.generator.cpuMs,
          generatorWallMs: message.generator.wallMs,
          generatorWaitMs: message.generator.waitMs,
        };
      }
    });
    // Pitfall: 'exit' can come before the child's last message is read; 'close' waits for the IPC
    // channel's end, so the result sent just before exiting is always in (a random "without a result").
    child.once('close', (code) => {
      if (run) resolve(run);
      else reject(new Error(`the load generator exited (code ${code}) without a result\n${stderr}`));
    });
  });
}

/**
 * @param {number[]} sorted ascending
 * @param {number} p 0..100
 */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}
