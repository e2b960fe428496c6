// @ts-check
// batch.js (per-tick batching, in-flight coalescing) and the catalog clients
// built on it: how many upstream calls a burst of asks becomes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBatcher, createCoalescer } from '../../../server/upstream/batch.js';
import { createCatalogClients } from '../../../server/upstream/index.js';
import { UpstreamError } from '../../../server/upstream/errors.js';
import { createFakeUpstream } from '../../helpers/fake-upstream.js';

/** A batcher whose load answers `value-of-<key>` and records each call. */
function recordingBatcher({ maxBatch = 200, fail = false } = {}) {
  /** @type {string[][]} */
  const loads = [];
  const batcher = createBatcher({
    maxBatch,
    /** @param {string[]} keys */
    async load(keys) {
      loads.push(keys);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error('upstream down');
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, `value-of-${k}`]));
    },
  });
  return { batcher, loads };
}

test('keys asked for in the same tick become one load, answered per key', async () => {
  const { batcher, loads } = recordingBatcher();
  const [a, b] = await Promise.all([batcher.loadMany(['x', 'y']), batcher.loadMany(['y', 'z', 'missing'])]);
  assert.equal(loads.length, 1, `expected 1 load, got ${JSON.stringify(loads)}`);
  assert.deepEqual(loads[0], ['x', 'y', 'z', 'missing'], 'each key is loaded once');
  assert.deepEqual(
    [...a],
    [
      ['x', 'value-of-x'],
      ['y', 'value-of-y'],
    ],
  );
  assert.deepEqual(
    [...b],
    [
      ['y', 'value-of-y'],
      ['z', 'value-of-z'],
      ['missing', null],
    ],
  );
});

test('a batch over maxBatch keys is split into chunks', async () => {
  const { batcher, loads } = recordingBatcher({ maxBatch: 200 });
  const keys = Array.from({ length: 450 }, (_, i) => `k${i}`);
  const answers = await batcher.loadMany(keys);
  assert.deepEqual(
    loads.map((chunk) => chunk.length),
    [200, 200, 50],
  );
  assert.equal(answers.size, 450);
});

test('a failed load answers each of its keys with the error and never rejects', async () => {
  const { batcher } = recordingBatcher({ fail: true });
  const answers = await batcher.loadMany(['x', 'y']);
  for (const value of answers.values()) assert.ok(value instanceof Error && value.message === 'upstream down');
});

test('a key already in flight joins that call; once answered it is loaded again (no cache)', async () => {
  const { batcher, loads } = recordingBatcher();
  const first = batcher.loadMany(['x']);
  await new Promise((resolve) => setImmediate(resolve)); // the first load has started
  const second = batcher.loadMany(['x']);
  await Promise.all([first, second]);
  assert.equal(loads.length, 1, 'an in-flight key must not be requested twice');
  await batcher.loadMany(['x']);
  assert.equal(loads.length, 2, 'an answered key must be asked upstream again: batching is not caching');
});

test('the coalescer shares identical calls in flight, results and failures alike', async () => {
  const coalesce = createCoalescer();
  let calls = 0;
  const slow = (/** @type {unknown} */ result) => async () => {
    calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (result instanceof Error) throw result;
    return result;
  };
  const [a, b] = await Promise.all([coalesce('k', slow(1)), coalesce('k', slow(2))]);
  assert.deepEqual([a, b, calls], [1, 1, 1]);
  const failures = await Promise.allSettled([coalesce('k', slow(new Error('down'))), coalesce('k', slow(3))]);
  assert.deepEqual(
    failures.map((f) => f.status),
    ['rejected', 'rejected'],
  );
  assert.equal(await coalesce('k', slow(4)), 4, 'a settled call is forgotten');
  assert.equal(calls, 3);
});

test('titles.get: one call per tick, malformed ids never sent, per-id answers', async () => {
  const upstream = createFakeUpstream();
  const { titles } = createCatalogClients(upstream);
  const [id1, id2] = upstream.lists[0].ids;
  const [a, b] = await Promise.all([titles.get([id1, 'no-such-film-1900']), titles.get([id2, 'Bad Id!', id1])]);
  assert.equal(upstream.calls.length, 1, `expected one /titles call, got ${upstream.calls.map((c) => c.path)}`);
  assert.doesNotMatch(upstream.calls[0].path, /Bad/, 'a malformed id would make the catalog refuse the whole batch');
  assert.equal(/** @type {any} */ (a.get(id1)).id, id1);
  assert.equal(a.get('no-such-film-1900'), null);
  assert.equal(b.get('Bad Id!'), null);
  assert.ok(Object.isFrozen(b.get(id2)), 'titles are shared between callers, so frozen');
});

test('titles.get: over 200 ids is split; a failing upstream answers each id with an Error', async () => {
  let failing = false;
  const upstream = createFakeUpstream({
    lists: 10,
    listLength: 40,
    fail: () => (failing ? new UpstreamError('down', { code: 'reset' }) : undefined),
  });
  const { titles } = createCatalogClients(upstream);
  const ids = [...new Set(upstream.lists.flatMap((l) => l.ids))];
  assert.ok(ids.length > 200);
  await titles.get(ids);
  assert.equal(upstream.calls.length, Math.ceil(ids.length / 200));
  failing = true;
  const answers = await titles.get(ids.slice(0, 3));
  for (const value of answers.values()) assert.ok(value instanceof UpstreamError);
});

test('lists.all is coalesced; lists.range splits spans over 500', async () => {
  const upstream = createFakeUpstream({ lists: 2, listLength: 1200 });
  const { lists } = createCatalogClients(upstream);
  const [a, b] = await Promise.all([lists.all(), lists.all()]);
  assert.equal(upstream.calls.length, 1);
  assert.deepEqual(a, b);
  const ids = await lists.range('list-0', 0, 1099);
  assert.equal(ids.length, 1100);
  assert.deepEqual(
    upstream.calls.slice(1).map((c) => c.path),
    ['/lists/list-0?from=0&to=499', '/lists/list-0?from=500&to=999', '/lists/list-0?from=1000&to=1099'],
  );
});

test('visitors: ratings of one tick are batched per visitor and never mixed', async () => {
  const upstream = createFakeUpstream();
  const { visitors } = createCatalogClients(upstream);
  const [id1, id2] = upstream.lists[0].ids;
  await visitors.rate('visitor-a-123', id1, 5);
  upstream.calls.length = 0;
  const [a, b] = await Promise.all([
    visitors.ratings('visitor-a-123', [id1, id2]),
    visitors.ratings('visitor-b-456', [id1]),
  ]);
  assert.equal(upstream.calls.length, 2, 'one ratings call per visitor');
  assert.deepEqual(
    [...a],
    [
      [id1, 5],
      [id2, null],
    ],
  );
  assert.deepEqual([...b], [[id1, null]], "visitor b must not see visitor a's rating");
  await assert.rejects(visitors.myList('../../../../etc'), /malformed visitor id/);
  await assert.rejects(visitors.add('visitor-a-123', '../../../x'), /malformed title id/);
});

test("titles: many titles' more-like-this rows in one call (the graph cache refreshes them all at once)", async () => {
  const upstream = createFakeUpstream();
  const { titles } = createCatalogClients(upstream);
  const ids = upstream.lists[0].ids.slice(0, 5);
  const answers = await Promise.all([...ids, 'no-such-film-1999'].map((id) => titles.moreLikeThis(id, 0, 10)));
  assert.equal(upstream.calls.length, 1, 'one /more-like-this call for the tick');
  assert.match(upstream.calls[0].path, /^\/more-like-this\?ids=/);
  assert.equal(answers.at(-1), null, 'no such title');
  for (const [i, answer] of answers.slice(0, -1).entries()) {
    assert.ok(answer && answer.lists.length > 0, `lists for ${ids[i]}`);
    for (const id of answer.lists[0].ids) assert.equal(answer.titles.get(id)?.id, id);
  }
});

test("callers sharing one answer resume oldest request first (their sink's since)", async () => {
  const { batcher } = recordingBatcher();
  const coalesce = createCoalescer();
  /** @type {string[]} */
  const order = [];
  const sink = (/** @type {number} */ since) => ({ since, add() {} });
  const answer = () => new Promise((resolve) => setTimeout(resolve, 5, 'ids'));
  await Promise.all([
    batcher.loadMany(['x'], sink(2)).then(() => order.push('batch, newer')),
    batcher.loadMany(['x'], sink(1)).then(() => order.push('batch, older')),
    coalesce('GET /ids', answer, sink(2)).then(() => order.push('coalesced, newer')),
    coalesce('GET /ids', answer, sink(1)).then(() => order.push('coalesced, older')),
  ]);
  assert.deepEqual(
    order.filter((o) => o.startsWith('batch')),
    ['batch, older', 'batch, newer'],
  );
  assert.deepEqual(
    order.filter((o) => o.startsWith('coalesced')),
    ['coalesced, older', 'coalesced, newer'],
  );
});
