// @ts-check
// Marquee as `npm start` runs it, for the browser tools (perf:tti, perf:nav,
// perf:nav-heap, perf:input, perf:delivery, the exercises): a fresh client build, then
// the production server bundle (dist/server.js) on a free port, with
// its catalog service started as its own child (no CATALOG_URL).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { otherServerArgs, serverArgs } from '../../deploy/lib/server-bundle.js';
import { clientBuildScript } from './client-build-script.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 60_000;

/**
 * Builds the client bundle (prints its sizes against the budgets to stderr).
 * @param {string} [root] another checkout (perf:input --compare)
 */
export function buildClient(root = ROOT) {
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, [clientBuildScript(root)], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    build.once('error', reject);
    build.once('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`client build failed (code ${code})`)),
    );
  });
}

/**
 * @param {{ env?: Record<string, string>, root?: string }} [options] root:
 *   another checkout, whose own server/build.js makes its bundle
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startMarquee({ env = {}, root = ROOT } = {}) {
  const args = root === ROOT ? await serverArgs() : await otherServerArgs(root);
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // One page load at a time needs one worker; more would only compete
      // with Chromium for the cores.
      WORKERS: process.env.WORKERS ?? '1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // No load balancer to tell: production's 5 s of 503 on /readyz before
      // the drain would only make every stop 5 s longer.
      DRAIN_DELAY_MS: '0',
      ...env,
      HOST: '127.0.0.1',
      PORT: '0',
      CATALOG_URL: '',
    },
    // Its own process group, so stop() also reaches the catalog child and workers.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (/** @type {Buffer} */ chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stderr?.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`Marquee did not listen within ${START_TIMEOUT_MS} ms\n${output}`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Marquee exited before listening (code ${code})\n${output}`));
    });
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const url = /marquee: listening on (http:\/\/[\d.]+:\d+)/.exec(stdout)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout?.removeAllListeners('data');
      child.stdout?.on('data', keep); // keep draining: a full pipe blocks the server's console.log
      resolve({ url, stop });
    });
  });
}
