// @ts-check
// Starts the catalog service as a real child process (the upstream is a
// separate HTTP service, never an in-process mock) and resolves its URL once
// it listens. Its CATALOG_* knobs pass through from this process's environment.
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

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Catalog service did not start within ${READY_TIMEOUT_MS} ms\n${stderr}`));
    }, READY_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Catalog service exited before it was ready (code ${code}, signal ${signal})\n${stderr}`));
    });
    child.on('message', (message) => {
      const ready = /** @type {{ type?: string, url?: string, cert?: string | null }} */ (message);
      if (ready?.type !== 'ready' || typeof ready.url !== 'string') return;
      clearTimeout(timer);
      resolve({ url: ready.url, ca: ready.cert ?? null, child, stop });
    });
  });
}
