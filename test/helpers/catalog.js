// @ts-check
// Starts the real catalog service as a child process for a test: the same
// entry point, data and socket path the app uses, never an in-process mock.
// Its visitor database lives in a temporary DATA_DIR of its own, removed by
// stop(); pass DATA_DIR to keep one across starts (the test then removes it).
//
//   const catalog = await startCatalog({ env: { CATALOG_LATENCY_MS: '50' } });
//   after(() => catalog.stop());
//   await fetch(`${catalog.url}/lists`);
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
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
 * @property {() => Promise<void>} crash SIGKILL at once, as `kill -9` or a crash would; resolves once it is gone
 * @property {() => { stdout: string, stderr: string }} output what the child printed so far
 */

/**
 * @param {{ env?: Record<string, string | undefined> }} [options] env is laid over this process's
 * @returns {Promise<CatalogChild>} rejects with the child's stderr if it exits before it is ready
 */
export async function startCatalog({ env = {} } = {}) {
  const dataDir = env.DATA_DIR ? null : tempDataDir();
  const child = fork(CATALOG_ENTRY, [], {
    env: { ...inheritedEnv(), CATALOG_PORT: '0', ...(dataDir ? { DATA_DIR: dataDir } : {}), ...env },
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
    removeDataDir(dataDir);
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
    async crash() {
      // Referenced: the child is unref'd, and this wait must keep the test process up.
      const keepAlive = setInterval(() => {}, 1000);
      child.kill('SIGKILL');
      await exited;
      clearInterval(keepAlive);
    },
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          // This timer is referenced on purpose: it keeps the test process up until the child is gone.
          const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
          child.kill('SIGTERM');
          await exited;
          clearTimeout(killer);
        }
        removeDataDir(dataDir);
      })();
      return stopping;
    },
  };
}

/** The catalog knobs a test must never inherit from a developer's shell. */
const NOT_INHERITED = /^(CATALOG_|DATA_DIR$|VISITOR_STORE$|DATABASE_URL$)/;

/** This process's environment without catalog knobs: a developer's exported
 * CATALOG_LATENCY_MS=250 must not make the tests slow or flaky, nor their
 * DATA_DIR receive a test's visitors. */
function inheritedEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !NOT_INHERITED.test(key)));
}

/** Temporary DATA_DIRs not yet removed: a test that forgets stop() leaves none behind either. */
const leftOver = new Set();
process.once('exit', () => leftOver.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A fresh DATA_DIR for one catalog: `npm test` never writes the repo's data/. */
export function tempDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-data-'));
  leftOver.add(dir);
  return dir;
}

/** @param {string | null} dir from tempDataDir */
export function removeDataDir(dir) {
  if (!dir) return;
  rmSync(dir, { recursive: true, force: true });
  leftOver.delete(dir);
}

/**
 * Sets a running catalog's latency through its fault endpoint.
 * @param {string} catalogUrl
 * @param {number} latencyMs
 */
export async function setCatalogLatency(catalogUrl, latencyMs) {
  const res = await fetch(`${catalogUrl}/_faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latency: latencyMs }),
  });
  assert.equal(res.status, 200, await res.text());
}
