// @ts-check
// Marquee as `npm start` runs it, for perf/tti.js: a fresh client build, then
// the production server bundle (dist/server.js) on a free port, with
// its catalog service started as its own child (no CATALOG_URL).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverArgs } from './server-bundle.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 60_000;

/** Builds the client bundle (prints its sizes against the budgets to stderr). */
export function buildClient() {
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, ['client/build.js'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    build.once('error', reject);
    build.once('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`client build failed (code ${code})`)),
    );
  });
}

/**
 * @param {{ env?: Record<string, string> }} [options]
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startMarquee({ env = {} } = {}) {
  const child = spawn(process.execPath, await serverArgs(), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // One page load at a time needs one worker; more would only compete
      // with Chromium for the cores.
      WORKERS: process.env.WORKERS ?? '1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
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
