// @ts-check
// The app under chaos, as perf:load starts it (deploy/lib/processes.js: the
// production bundle, NODE_ENV=production, WORKERS=1, its own process group),
// or the same from another checkout (--app-dir: its own bundle, client build
// and views), so one tool measures the code before and after a change.
// Also watches it: whether it still runs, and its peak RSS (Linux /proc).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../server/paths.js';
import { startApp } from '../../deploy/lib/processes.js';
import { clientBuildScript } from '../lib/client-build-script.js';

/**
 * @param {{ appDir: string, catalogUrl: string, env?: Record<string, string>, cpus: string | null }} options
 * @returns {Promise<{ url: string, pid: number, stop: () => Promise<number | null> }>}
 */
export async function startChaosApp({ appDir, catalogUrl, env = {}, cpus }) {
  if (path.resolve(appDir) === path.resolve(ROOT)) return startApp({ catalogUrl, env, cpus });
  await buildClientAt(appDir);
  // startApp builds that checkout's server bundle (its own server/build.js) and runs it there.
  return startApp({ catalogUrl, env, cpus, root: appDir });
}

/** That checkout's client build, if it has none yet (startApp builds only the server). */
async function buildClientAt(/** @type {string} */ appDir) {
  if (existsSync(path.join(appDir, 'dist/client/manifest.json'))) return;
  const script = clientBuildScript(appDir);
  const code = await new Promise((resolve) => {
    spawn(process.execPath, [script], { cwd: appDir, stdio: ['ignore', 'ignore', 'inherit'] }).once('exit', resolve);
  });
  if (code !== 0) throw new Error(`${script} failed in ${appDir} (code ${code})`);
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
