// @ts-check
// Starts the catalog service as a real child process (the upstream is a
// separate HTTP service, never an in-process mock) and resolves its URL once
// it listens. Its knobs (CATALOG_*, VISITOR_STORE, DATABASE_URL, DATA_DIR) pass through from
// this process's environment: the whole environment does.
import { fork } from 'node:child_process';
import { CATALOG_ENTRY } from './paths.js';

const READY_TIMEOUT_MS = 15000;

/**
 * @param {{ env?: Record<string, string | undefined>, stdio?: 'inherit' | 'pipe' }} [options]
 * @returns {Promise<{ url: string, ca: string | null, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }>}
 *   ca: the catalog's self-signed certificate with CATALOG_TLS=1, for the pool to pin
 */
export function startCatalogProcess({ env = process.env, stdio = 'inherit' } = {}) {
  const child = fork(CATALOG_ENTRY, [], {
    env: { ...env, CATALOG_PORT: env.CATALOG_PORT ?? '0' },
    // Plain JavaScript: none of this process's flags (tsx's loader, --watch-path, --cpu-prof) are its business.
    execArgv: [],
    stdio: stdio === 'inherit' ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  // Drain stdout so a chatty child can never block on a full pipe.
  child.stdout?.resume();

  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
      child.once('exit', () => resolve(undefined));
      child.kill('SIGTERM');
    }).then(() => undefined);

  return waitForReady(child, () => stderr).then(
    (ready) => ({ url: ready.url, ca: ready.cert, child, stop }),
    (error) => {
      child.kill('SIGKILL');
      throw error;
    },
  );
}

/**
 * Resolves with what the catalog sends once it listens (its URL, and its
 * certificate with CATALOG_TLS=1); rejects if it exits first or takes too long.
 * @param {import('node:child_process').ChildProcess} child forked with an IPC channel
 * @param {() => string} stderr what it printed so far: the explanation when it fails
 * @param {number} [timeoutMs]
 * @returns {Promise<{ url: string, cert: string | null }>}
 */
export function waitForReady(child, stderr, timeoutMs = READY_TIMEOUT_MS) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`Catalog service did not start within ${timeoutMs} ms\n${stderr()}`));
    }, timeoutMs);
    // 'close', not 'exit': it waits for the pipes, and the last stderr line is the explanation.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Catalog service exited before it was ready (code ${code}, signal ${signal})\n${stderr()}`));
    });
    child.on('message', (message) => {
      const ready = /** @type {{ type?: string, url?: string, cert?: string | null }} */ (message);
      if (ready?.type !== 'ready' || typeof ready.url !== 'string') return;
      clearTimeout(timer);
      resolve({ url: ready.url, cert: ready.cert ?? null });
    });
  });
}
