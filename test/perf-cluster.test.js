// @ts-check
// With WORKERS > 1, /perf shows the beacons of all workers: each worker
// forwards what it accepts to the primary, which answers for the cluster.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { servePerfFromPrimary } from '../server/perf/cluster.js';

test('perfScope: a worker reads the sketches of every worker from the primary', { timeout: 20_000 }, async () => {
  cluster.setupPrimary({
    exec: fileURLToPath(new URL('./fixtures/perf-cluster-worker.js', import.meta.url)),
    execArgv: ['--import', 'tsx'],
  });
  servePerfFromPrimary();
  const workers = [cluster.fork(), cluster.fork()];
  try {
    await Promise.all(
      workers.map(
        (worker) => new Promise((resolve) => worker.on('message', (m) => m?.type === 'recorded' && resolve(undefined))),
      ),
    );
    const answer = await new Promise((resolve) => {
      workers[0].on('message', (m) => m?.type === 'result' && resolve(m.snapshot));
      workers[0].send('snapshot');
    });
    assert.equal(answer.scope, 'cluster');
    assert.equal(answer.beacons, 2, 'one beacon from each of the two workers');
    const home = answer.routes.find((/** @type {any} */ r) => r.route === '/');
    assert.equal(home.metrics.find((/** @type {any} */ m) => m.name === 'appTTI').count, 2);
  } finally {
    for (const worker of workers) worker.send('exit');
    await Promise.all(
      workers.map(
        (worker) => new Promise((resolve) => (worker.isDead() ? resolve(undefined) : worker.once('exit', resolve))),
      ),
    );
  }
});
