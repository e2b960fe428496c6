// @ts-check
// The catalog child dies (kill -9) under the real entry point (server/index.js,
// no CATALOG_URL): the app stays up, /healthz answers, /readyz says 503 until
// the catalog is back, the home page is still served from the graph cache,
// the catalog is started again on its port, the restart is logged and
// counted in /metrics; and a SIGTERM while it is being restarted still exits
// 0 and leaves no process behind (server/catalog-supervisor.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {number} pid @returns {number[]} */
function childrenOf(pid) {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((n) => n > 0);
  } catch {
    return []; // ps exits 1 when there are none
  }
}

/** @param {number} pgid */
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** @param {string} url @returns {Promise<{ status: number, text: string } | null>} */
async function get(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return { status: res.status, text: await res.text() };
  } catch {
    return null;
  }
}

test('the catalog child killed: the app serves on, restarts it with backoff, counts it; SIGTERM meanwhile exits 0 and leaves nothing', async () => {
  const app = spawn(process.execPath, ['--import', 'tsx', 'server/index.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      CATALOG_URL: '',
      VISITOR_STORE: 'memory',
      DRAIN_DELAY_MS: '0',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pgid = /** @type {number} */ (app.pid);
  const exited = new Promise((resolve) => app.once('exit', (code, signal) => resolve({ code, signal })));
  let output = '';
  app.stderr?.on('data', (chunk) => (output += chunk));
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not listening within 60 s:\n${output}`)), 60_000);
      app.stdout?.on('data', (chunk) => {
        output += chunk;
        const found = output.match(/marquee: listening on (http:\/\/[\d.]+:\d+)/);
        if (found) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
      app.once('exit', (code) => reject(new Error(`server/index.js exited (code ${code}):\n${output}`)));
    });
    // A first visit fills the process-wide graph cache.
    const warm = await get(`${url}/`);
    assert.equal(warm?.status, 200);
    assert.equal((await get(`${url}/readyz`))?.status, 200);
    const [first] = childrenOf(pgid);
    assert.ok(first, 'the app started a catalog child');

    process.kill(first, 'SIGKILL');
    const killedAt = performance.now();
    // While it is down or starting: alive, not ready, pages from the cache.
    let sawNotReady = false;
    let pageWhileDown = null;
    let back = false;
    while (performance.now() - killedAt < 30_000) {
      const [healthz, readyz] = await Promise.all([get(`${url}/healthz`), get(`${url}/readyz`)]);
      assert.equal(healthz?.status, 200, 'the app stays up: /healthz answers');
      if (readyz?.status === 503) {
        sawNotReady = true;
        pageWhileDown ??= await get(`${url}/`);
      }
      if (readyz?.status === 200 && sawNotReady) {
        back = true;
        break;
      }
      await sleep(20);
    }
    assert.ok(sawNotReady, '/readyz said 503 while the catalog was down');
    assert.ok(back, `the catalog came back within 30 s:\n${output}`);
    assert.equal(pageWhileDown?.status, 200, 'a page while the catalog was down');
    assert.match(pageWhileDown?.text ?? '', /<\/html>\s*$/, 'whole');
    assert.ok(
      ((pageWhileDown?.text ?? '').match(/data-row-index="\d+"/g) ?? []).length >= 3,
      'with its rows, from the graph cache',
    );
    const [second] = childrenOf(pgid);
    assert.ok(second && second !== first, 'a new catalog process');
    assert.match(output, /catalog service exited; restarting it/);
    assert.match(output, /catalog service restarted/);
    const metrics = (await get(`${url}/metrics`))?.text ?? '';
    assert.match(metrics, /^marquee_catalog_restarts_total 1$/m);
    assert.match(metrics, /^marquee_catalog_up 1$/m);

    // Killed again, and SIGTERM while the app waits to restart it (or is starting it).
    process.kill(second, 'SIGKILL');
    while (childrenOf(pgid).includes(second)) await sleep(10);
    process.kill(pgid, 'SIGTERM');
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const result = await Promise.race([
      exited,
      new Promise((resolve) => (timer = setTimeout(resolve, 30_000, 'timeout'))),
    ]);
    clearTimeout(timer);
    assert.deepEqual(result, { code: 0, signal: null }, output);
    // Until the group is gone (at most 10 s), not once after 500 ms: a busy machine can take longer.
    for (const until = Date.now() + 10_000; groupAlive(pgid) && Date.now() < until;) await sleep(50);
    assert.equal(groupAlive(pgid), false, 'no catalog (nor anything else) left behind');
  } finally {
    if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
  }
});
