// @ts-check
// WORKERS=2: the real entry point (server/index.js) as a child process. Both
// workers serve requests, and /metrics from either one reports both.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../server/config/load.js';
import { createApp } from '../../server/app.js';
import { spawnServerIndex, whenWorkersListen } from '../helpers/workers-listening.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REQUESTS = 20;

/** @type {import('node:child_process').ChildProcess} */
let primary;
/** @type {string} */
let url;

before(async () => {
  // VISITOR_STORE=memory: not about visitor data, and nothing written to the repo's data/.
  primary = spawnServerIndex({ cwd: ROOT, env: { CATALOG_URL: '', VISITOR_STORE: 'memory' } });
  url = await whenWorkersListen(primary, { timeoutMs: 30_000 }).url;
});

after(async () => {
  if (!primary?.pid || primary.exitCode !== null) return;
  const exited = new Promise((resolve) => primary.once('exit', resolve));
  process.kill(-primary.pid, 'SIGTERM');
  const timer = setTimeout(() => primary.pid && process.kill(-primary.pid, 'SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
});

/** A request on a fresh connection: node:cluster deals out connections, not requests. */
function getFresh(/** @type {string} */ path) {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, url), { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      })
      .on('error', reject);
  });
}

test('WORKERS=2: requests are served by both workers', async () => {
  const pids = new Set();
  for (let i = 0; i < REQUESTS; i += 1) {
    const { status, body } = /** @type {{ status: number, body: string }} */ (await getFresh('/healthz'));
    assert.equal(status, 200);
    pids.add(JSON.parse(body).pid);
  }
  assert.equal(pids.size, 2, `expected two worker pids in /healthz, got ${[...pids].join(', ')}`);
  assert.ok(!pids.has(primary.pid), 'the primary only supervises; workers serve');
});

test('WORKERS=2: /metrics from either worker aggregates all of them', async () => {
  const { status, body } = /** @type {{ status: number, body: string }} */ (await getFresh('/metrics'));
  assert.equal(status, 200);
  const served = Number(/^http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)$/m.exec(body)?.[1]);
  assert.ok(
    served >= REQUESTS,
    `the aggregate counts every worker's /healthz requests (${served} < ${REQUESTS}): is AggregatorRegistry used?`,
  );
  // Every worker has the same route table: the aggregate is its size, not a sum.
  const one = createApp(loadConfig({ NODE_ENV: 'test' }), { catalogUrl: 'http://127.0.0.1:9' });
  await one.close();
  assert.equal(Number(/^marquee_routes_registered (\d+)$/m.exec(body)?.[1]), one.routes.size);
});
