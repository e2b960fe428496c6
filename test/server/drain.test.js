// @ts-check
// SIGTERM under load, on the real entry point (server/index.js, as `npm run
// dev` runs it), alone and with WORKERS=2: /readyz says 503 at once while the
// app still serves, a kept-alive connection is told Connection: close, every
// page in flight ends with its </html>, the process exits 0 and its catalog
// child is gone (server/lifecycle/drain.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAGES = 20;
// The test's own requests must land inside it: at 400 ms, a loaded CI machine
// (Node 24's set beside npm test) was past it before its /healthz, refused.
const DRAIN_DELAY_MS = 2000;

/**
 * @param {Record<string, string>} env
 * @returns {Promise<{ url: string, catalogUrl: string, pid: number, exited: Promise<{ code: number | null, signal: string | null }>, kill: () => void }>}
 */
async function startEntry(env) {
  const app = spawn(process.execPath, ['--import', 'tsx', 'server/index.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      CATALOG_URL: '',
      // Not about visitor data: the catalog keeps it in memory, never in the repo's data/.
      VISITOR_STORE: 'memory',
      // Pages wait for the catalog (no process-wide graph cache): in flight at the signal.
      CATALOG_LATENCY_MS: '300',
      GRAPH_CACHE_TTL_MS: '0',
      DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
      SHUTDOWN_GRACE_MS: '10000',
      ...env,
    },
    // Its own group, so a failed test can stop the workers and the catalog too.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => app.once('exit', (code, signal) => resolve({ code, signal })));
  let output = '';
  app.stderr?.on('data', (chunk) => (output += chunk));
  const workers = Number(env.WORKERS ?? 1);
  const { url, catalogUrl } = await new Promise((resolve, reject) => {
    // Two workers compiled by tsx on a busy machine: 30 s was seen to be too short.
    const timer = setTimeout(() => reject(new Error(`not listening within 60 s:\n${output}`)), 60_000);
    app.stdout?.on('data', (chunk) => {
      output += chunk;
      const found = [...output.matchAll(/listening on (http:\/\/[\d.]+:\d+) \(catalog (http:\/\/[\d.]+:\d+)/g)];
      if (found.length === workers) {
        clearTimeout(timer);
        resolve({ url: found[0][1], catalogUrl: found[0][2] });
      }
    });
    app.once('exit', (code) => reject(new Error(`server/index.js exited (code ${code}):\n${output}`)));
  }).catch((error) => {
    // Never leave a half-started primary, its workers or its catalog behind.
    if (app.pid && app.exitCode === null) process.kill(-app.pid, 'SIGKILL');
    throw error;
  });
  return {
    url,
    catalogUrl,
    pid: /** @type {number} */ (app.pid),
    exited,
    kill: () => {
      if (app.exitCode === null && app.signalCode === null && app.pid) process.kill(-app.pid, 'SIGKILL');
    },
  };
}

/**
 * @param {string} url
 * @param {http.Agent | false} agent
 * @returns {Promise<{ status: number, connection: string | undefined, body: Promise<string> }>} once the headers are in
 */
function request(url, agent) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        const ended = new Promise((done, fail) => {
          res.on('end', () => done(body));
          res.on('aborted', () => fail(new Error(`cut after ${body.length} characters`)));
        });
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: ended });
      })
      .on('error', reject);
  });
}

/** @param {string} catalogUrl resolves with the error code of a request to it */
function catalogError(catalogUrl) {
  return new Promise((resolve) => {
    http
      .get(`${catalogUrl}/health`, { agent: false }, (res) => {
        res.resume();
        resolve(`answered ${res.statusCode}`);
      })
      .on('error', (/** @type {NodeJS.ErrnoException} */ error) => resolve(error.code));
  });
}

for (const workers of ['1', '2']) {
  test(`WORKERS=${workers}: SIGTERM with ${PAGES} pages in flight: /readyz 503, Connection: close, every page whole, exit 0, catalog gone`, async () => {
    const app = await startEntry({ WORKERS: workers });
    try {
      // A visitor's kept-alive connection, opened before the signal.
      const visitor = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const first = await request(`${app.url}/healthz`, visitor);
      assert.equal(first.status, 200);
      await first.body;

      const load = new http.Agent({ keepAlive: true, maxSockets: PAGES });
      // Each page's head is flushed before its data: headers in, body in flight.
      const pages = await Promise.all(Array.from({ length: PAGES }, () => request(`${app.url}/`, load)));
      const signalled = performance.now();
      process.kill(app.pid, 'SIGTERM');

      // Under WORKERS the primary passes the signal on: a few ms later.
      let readyz = await request(`${app.url}/readyz`, visitor);
      while (readyz.status === 200 && performance.now() - signalled < DRAIN_DELAY_MS) {
        await readyz.body;
        readyz = await request(`${app.url}/readyz`, visitor);
      }
      assert.equal(readyz.status, 503, '/readyz during the drain delay');
      assert.equal(readyz.connection, 'close', 'a kept-alive connection is told to close');
      const fresh = await request(`${app.url}/healthz`, false);
      assert.equal(fresh.status, 200, 'still serving during the drain delay');

      for (const [i, page] of pages.entries()) {
        assert.equal(page.status, 200);
        assert.match(await page.body, /<\/html>\s*$/, `page ${i} ends with </html>`);
      }
      assert.deepEqual(await app.exited, { code: 0, signal: null }, 'a drained stop exits 0');
      assert.ok(performance.now() - signalled >= DRAIN_DELAY_MS, 'exited before the drain delay was over');
      assert.equal(await catalogError(app.catalogUrl), 'ECONNREFUSED', 'the catalog child stops with the app');
      visitor.destroy();
      load.destroy();
    } finally {
      app.kill();
    }
  });
}
