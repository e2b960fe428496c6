// @ts-check
// With WORKERS > 1, /perf shows the beacons of all workers: each worker
// forwards what it accepts to the primary, which answers for the cluster.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import client from 'prom-client';
import { createPerfAggregates } from '../../../server/field-metrics/aggregate.js';
import { perfScope, servePerfFromPrimary } from '../../../server/field-metrics/cluster-sketches.js';

test('perfScope: a worker reads the sketches of every worker from the primary', { timeout: 20_000 }, async () => {
  cluster.setupPrimary({
    exec: fileURLToPath(new URL('../../fixtures/field-metrics-cluster-worker.js', import.meta.url)),
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
    assert.deepEqual(
      answer.inpTargets.map((/** @type {any} */ r) => [r.target, r.type, r.count]),
      [['mylist--card', 'pointer', 2]],
      'INP by target merges across workers like the other figures',
    );
  } finally {
    for (const worker of workers) worker.send('exit');
    await Promise.all(
      workers.map(
        (worker) => new Promise((resolve) => (worker.isDead() ? resolve(undefined) : worker.once('exit', resolve))),
      ),
    );
  }
});

/**
 * A fake IPC channel to a primary whose answers the test releases by hand.
 * @returns {{ channel: import('../../../server/field-metrics/cluster-sketches.js').PrimaryChannel, requests: any[], answer: (request: any, snapshot: any) => void }}
 */
function fakePrimary() {
  /** @type {any[]} */
  const requests = [];
  /** @type {(message: any) => void} */
  let deliver = () => {};
  return {
    channel: {
      send: (message) => message?.type === 'marquee:perf-snapshot-request' && requests.push(message),
      onMessage: (listener) => (deliver = listener),
      answerTimeoutMs: 50,
    },
    requests,
    answer: (request, snapshot) => deliver({ type: 'marquee:perf-snapshot', id: request.id, snapshot }),
  };
}

test('perfScope: a missed answer falls back for that request only; the next one asks the primary again', async () => {
  const { channel, requests, answer } = fakePrimary();
  const scope = perfScope(createPerfAggregates({ registry: new client.Registry() }), channel);

  const missed = await scope.snapshot();
  assert.equal(requests.length, 1);
  assert.match(missed.scope, /^worker \d+ only$/, 'no answer within the limit: this worker only');

  const next = scope.snapshot();
  assert.equal(requests.length, 2, 'the worker must ask the primary again after one missed answer');
  answer(requests[0], { beacons: 99 }); // late answer to the first request: ignored
  answer(requests[1], { beacons: 7 });
  const fromPrimary = await next;
  assert.equal(fromPrimary.scope, 'cluster');
  assert.equal(fromPrimary.beacons, 7, 'the answer to this request, not the late one');
});
