// @ts-check
// `server/index.js` from a tree's sources with two workers, as the cluster,
// kept-secret and starter-guide tests start it, and the URL it prints once
// its two workers listen, read from its stdout as it comes; a timeout, or the
// process exiting first, rejects with everything it printed (both streams),
// which the caller may read too.
import { spawn } from 'node:child_process';

/**
 * Two workers on a free port of 127.0.0.1, in a process group of its own (a kill of `-pid` reaches the
 * workers and the catalog too), stdout and stderr piped.
 * @param {{ cwd: string, env: Record<string, string | undefined> }} options env: over the test's own; a
 *   key set to undefined is left out
 */
export function spawnServerIndex({ cwd, env }) {
  /** @type {Record<string, string | undefined>} */
  const merged = { ...process.env, NODE_ENV: 'test', WORKERS: '2', PORT: '0', HOST: '127.0.0.1', ...env };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return spawn(process.execPath, ['--import', 'tsx', 'server/index.js'], {
    cwd,
    env: merged,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * @param {import('node:child_process').ChildProcess} child `server/index.js` with WORKERS=2, stdout and stderr piped
 * @param {{ timeoutMs?: number }} [options]
 * @returns {{ url: Promise<string>, output: () => string }}
 */
export function whenWorkersListen(child, { timeoutMs = 60_000 } = {}) {
  let output = '';
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "2 workers listening" within ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const found = /2 workers listening on (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server/index.js exited (code ${code}):\n${output}`));
    });
  });
  return { url, output: () => output };
}
