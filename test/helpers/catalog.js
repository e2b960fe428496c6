// @ts-check
// Starts the real catalog service as a child process for a test: the same
// entry point, data and socket path the app uses, never an in-process mock.
//
//   const catalog = await startCatalog({ env: { CATALOG_LATENCY_MS: '50' } });
//   after(() => catalog.stop());
//   await fetch(`${catalog.url}/lists`);
import { fork } from 'node:child_process';
import { CATALOG_ENTRY } from '../../server/paths.js';
import { waitForReady } from '../../server/catalog-process.js';

const READY_TIMEOUT_MS = 10_000;
const KILL_AFTER_MS = 3_000;

/**
 * @typedef {object} CatalogChild
 * @property {string} url e.g. http://127.0.0.1:41234 (https:// with CATALOG_TLS=1)
 * @property {string | null} cert its self-signed certificate (PEM) with CATALOG_TLS=1
 * @property {import('node:child_process').ChildProcess} child
 * @property {() => Promise<void>} stop SIGTERM, then SIGKILL if it lingers; safe to call twice
 * @property {() => { stdout: string, stderr: string }} output what the child printed so far
 */

/**
 * @param {{ env?: Record<string, string | undefined> }} [options] env is laid over this process's
 * @returns {Promise<CatalogChild>} rejects with the child's stderr if it exits before it is ready
 */
export async function startCatalog({ env = {} } = {}) {
  const child = fork(CATALOG_ENTRY, [], {
    env: { ...inheritedEnv(), CATALOG_PORT: '0', ...env },
    // The test runner's flags (--test, loaders) are not the catalog's.
    execArgv: [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let stdout = '';
  let stderr = '';
  // Always read both pipes: a child blocked on a full pipe looks like a hang.
  child.stdout?.setEncoding('utf8').on('data', (chunk) => {
    stdout = (stdout + chunk).slice(-16_000);
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-16_000);
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  let ready;
  try {
    ready = await waitForReady(child, () => stderr, READY_TIMEOUT_MS);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  // A test that forgets stop() must not hang the run: nothing here keeps this
  // process alive, and the orphaned child stops itself when its channel closes.
  child.unref();
  child.channel?.unref();
  for (const pipe of [child.stdout, child.stderr]) /** @type {any} */ (pipe)?.unref?.();

  /** @type {Promise<void> | undefined} */
  let stopping;
  return {
    url: ready.url,
    cert: ready.cert,
    child,
    output: () => ({ stdout, stderr }),
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        // This timer is referenced on purpose: it keeps the test process up until the child is gone.
        const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
        child.kill('SIGTERM');
        await exited;
        clearTimeout(killer);
      })();
      return stopping;
    },
  };
}

/** This process's environment without CATALOG_* knobs: a developer's exported
 * CATALOG_LATENCY_MS=250 must not make the tests slow or flaky. */
function inheritedEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('CATALOG_')));
}
