// @ts-check
// How a request's upstream calls become rounds (server/upstream/trace.js): a
// call that went out after another's answer is a round later, calls that
// overlap share one, and a chain that overlaps a slower call is still a chain.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarize, createCallLog } from '../../../server/upstream/trace.js';
import { createBatcher, createCoalescer } from '../../../server/upstream/batch.js';
import { createTrace } from '../../../server/upstream/trace.js';

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {string} name @param {number} started @param {number} ended */
const call = (name, started, ended) => ({ name, started, ended });

test('overlapping calls are one round; a call after an answer is the next', () => {
  const { requests, rounds } = summarize([call('a', 0, 100), call('b', 5, 110), call('c', 120, 220)]);
  assert.equal(requests, 3);
  assert.deepEqual(rounds, [
    { ms: 110, requests: 2 },
    { ms: 100, requests: 1 },
  ]);
});

test('a call waiting on a fast answer while a slow one runs is still a second round', () => {
  // b depends on a (starts after a ends) but overlaps the slow s: two rounds, not one.
  const { rounds } = summarize([call('a', 0, 100), call('s', 0, 300), call('b', 101, 200)]);
  assert.equal(rounds.length, 2);
});

test('calls not answered yet are left out', () => {
  assert.deepEqual(summarize([call('a', 0, Number.NaN)]), { requests: 0, rounds: [] });
});

test('the batcher and the coalescer tell the trace of each real call once', async () => {
  const trace = createTrace();
  const batcher = createBatcher({
    name: 'GET /things',
    load: async (keys) => {
      await sleep(20);
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    },
  });
  const coalesce = createCoalescer();
  const [a, b, c] = await Promise.all([
    batcher.loadMany(['x', 'y'], trace),
    batcher.loadMany(['y'], trace),
    coalesce('GET /list', () => sleep(20).then(() => 1), trace),
  ]);
  assert.equal(a.get('x'), 'X');
  assert.equal(b.get('y'), 'Y');
  assert.equal(c, 1);
  assert.deepEqual(
    trace
      .calls()
      .map((x) => x.name)
      .sort(),
    ['GET /list', 'GET /things'],
  );
  await batcher.loadMany(['z'], trace);
  assert.equal(trace.summary().requests, 3, 'a later call is another request');
  assert.equal(trace.summary().rounds.length, 2, 'the first two overlapped; the last went out after');
});

test('a shared source tells a reader only of the calls made while it waited', () => {
  const log = createCallLog(4);
  log.add(call('before', 0, 10));
  log.add(call('during', 20, 30));
  log.add(call('after', 35, 50));
  assert.deepEqual(
    log.between(15, 40).map((x) => x.name),
    ['during'],
  );
});
