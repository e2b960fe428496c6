// @ts-check
// nginx and Prometheus as children of the fleet: started in the foreground,
// awaited until they answer, stopped with the fleet.
import { spawn } from 'node:child_process';

const READY_TIMEOUT_MS = 30_000;

/**
 * @param {string} name for messages
 * @param {string} command
 * @param {string[]} args
 * @param {{ ready: () => Promise<boolean>, cwd?: string }} options ready: true once it serves
 */
export async function startDaemon(name, command, args, { ready, cwd }) {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (/** @type {Buffer} */ chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.once('close', (code) => resolve(code)));
  const spawnError = new Promise((_resolve, reject) => child.once('error', reject));

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (code ${child.exitCode}):\n${output}`);
    const up = await Promise.race([ready().catch(() => false), spawnError]);
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not answer within ${READY_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    pid: /** @type {number} */ (child.pid),
    /** What it printed last (its errors). */
    get output() {
      return output;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** @param {string} url @returns {Promise<boolean>} */
export async function answers200(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return res.status === 200;
}
