// @ts-check
// `npm run dev` (server/dev.js) in a scratch copy of the app, never in the
// sources other tests read: its output, the app servers it started, the
// processes still running in the copy, and a kill() that ends them all and
// removes the copy.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const COPIED = ['server', 'shared', 'client', 'views', 'package.json', 'tsconfig.json'];
// Only Linux says which processes run in a directory; elsewhere those checks are skipped.
export const HAS_PROC = existsSync('/proc/self/cwd');

/** @param {Record<string, string>} [envOverrides] over the defaults below (PORT=0: any free port) */
export function startDevRun(envOverrides = {}) {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'marquee-dev-')));
  for (const name of COPIED) cpSync(path.join(ROOT, name), path.join(dir, name), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');

  let output = '';
  /** @type {Record<string, string | undefined>} */
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: '0',
    WORKERS: '1',
    LOG_LEVEL: 'warn',
    CATALOG_URL: '',
    ...envOverrides,
  };
  delete env.NODE_TEST_CONTEXT; // the dev run is no test of its own
  // Its own process group: kill() can end everything it started, even if it misbehaves.
  const dev = spawn(process.execPath, ['server/dev.js'], { cwd: dir, env, detached: true, stdio: 'pipe' });
  dev.stdout.on('data', (chunk) => (output += chunk));
  dev.stderr.on('data', (chunk) => (output += chunk));

  /** Processes whose working directory is the copy: the dev runner's children and theirs (catalog, esbuild). */
  function processes() {
    if (!HAS_PROC) return [];
    const found = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
      try {
        if (readlinkSync(`/proc/${entry}/cwd`) !== dir) continue;
        found.push({ pid: Number(entry), argv: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0') });
      } catch {
        // gone meanwhile, or not ours to read
      }
    }
    return found;
  }

  return {
    dir,
    dev,
    processes,
    get output() {
      return output;
    },
    /** @returns {{ url: string, pid: number }[]} every app server the dev run started, oldest first */
    servers() {
      return [...output.matchAll(/marquee: listening on (http:\/\/\S+) .*pid (\d+)\)/g)].map((m) => ({
        url: m[1],
        pid: Number(m[2]),
      }));
    },
    /**
     * @template T
     * @param {() => T | Promise<T>} check returns something truthy once done
     * @param {number} timeoutMs
     * @param {string | (() => string)} what what went wrong, if it comes to that
     * @returns {Promise<T>}
     */
    async waitFor(check, timeoutMs, what) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const result = await check();
        if (result) return result;
        await sleep(100);
      }
      assert.fail(
        `${typeof what === 'function' ? what() : what} within ${timeoutMs} ms; the dev run printed:\n${output.slice(-3000)}`,
      );
    },
    kill() {
      if (dev.exitCode === null && dev.signalCode === null) process.kill(-(/** @type {number} */ (dev.pid)), 'SIGKILL');
      for (const { pid } of processes()) process.kill(pid, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
