// @ts-check
// The app under chaos, as perf:load starts it (perf/lib/processes.js: the
// production bundle, NODE_ENV=production, WORKERS=1, its own process group),
// or the same from another checkout (--app-dir: its own bundle, client build
// and views), so one tool measures the code before and after a change.
// Also watches it: whether it still runs, and its peak RSS (Linux /proc).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../server/paths.js';
import { startApp } from '../lib/processes.js';
import { pinProcess } from '../lib/cpus.js';
import { clientBuildScript } from '../lib/client-build-script.js';

const START_TIMEOUT_MS = 30_000;

/**
 * @param {{ appDir: string, catalogUrl: string, env?: Record<string, string>, cpus: string | null }} options
 * @returns {Promise<{ url: string, pid: number, stop: () => Promise<number | null> }>}
 */
export async function startChaosApp({ appDir, catalogUrl, env = {}, cpus }) {
  if (path.resolve(appDir) === path.resolve(ROOT)) return startApp({ catalogUrl, env, cpus });
  await buildAt(appDir);
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
    cwd: appDir,
    // The same environment perf/lib/processes.js gives the app.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WORKERS: '1',
      ...env,
      HOST: '127.0.0.1',
      PORT: '0',
      CATALOG_URL: catalogUrl,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (cpus && child.pid) pinProcess(child.pid, cpus);
  let output = '';
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    return child.exitCode;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the app in ${appDir} did not listen within ${START_TIMEOUT_MS} ms\n${output}`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app in ${appDir} exited before listening (code ${code})\n${output}`));
    });
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const url = /listening on (http:\/\/[\d.]+:\d+)/.exec(stdout)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout?.removeAllListeners('data');
      child.stdout?.resume();
      resolve({ url, pid: /** @type {number} */ (child.pid), stop });
    });
  });
}

/** That checkout's server bundle (always, as server-bundle.js does here) and client build (if missing). */
async function buildAt(/** @type {string} */ appDir) {
  const steps = [['server/build.js']];
  if (!existsSync(path.join(appDir, 'dist/client/manifest.json'))) steps.unshift([clientBuildScript(appDir)]);
  for (const args of steps) {
    const code = await new Promise((resolve) => {
      spawn(process.execPath, args, { cwd: appDir, stdio: ['ignore', 'ignore', 'inherit'] }).once('exit', resolve);
    });
    if (code !== 0) throw new Error(`${args[0]} failed in ${appDir} (code ${code})`);
  }
}

/** @param {number} pid */
export function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Samples a process's peak RSS (VmHWM) until stopped or until it exits.
 * @param {number} pid
 * @param {number} [intervalMs]
 */
export function watchRss(pid, intervalMs = 200) {
  let peakKb = 0;
  const sample = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      peakKb = Math.max(peakKb, Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0));
    } catch {
      // exited, or not Linux: the last figure stands
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    /** @returns {number | null} MB, null when nothing could be read */
    stop() {
      sample();
      clearInterval(timer);
      return peakKb > 0 ? Math.round(peakKb / 102.4) / 10 : null;
    },
  };
}
