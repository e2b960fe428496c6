// @ts-check
// A page's data with the shared cache on (server/page-data/through-cache.js):
// what the cache and the visitor's router answer is merged into one graph,
// and a cache that holds none of the paths asked (its catalog calls timed
// out, or its entries were collected) leaves them missing: a page of
// placeholders, never a TypeError after the head has left.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readThroughCache } from '../../../server/page-data/through-cache.js';
import { mergeGraph } from '../../../server/graph-cache/merge-graph.js';

/** A router that answers a visitor's list of one title. */
const router = {
  get: () => ({
    subscribe: (/** @type {Function} */ next, /** @type {Function} */ _error, /** @type {Function} */ done) => {
      next({ jsonGraph: { myList: { length: 1, 0: { $type: 'ref', value: ['titlesById', 'a-2000'] } } } });
      done();
    },
  }),
};

/** @param {(paths: any[]) => any} read */
const sharedReading = (read) => /** @type {any} */ ({ read: async (/** @type {any[]} */ paths) => read(paths) });

test('a cache holding none of the paths: the visitor part is merged, the catalog part stays missing', async () => {
  const graph = readThroughCache({ shared: sharedReading(() => undefined), router });
  await graph.get(['lists', 0, 'name'], ['myList', 'length']);
  assert.equal(await graph.getValue(['myList', 'length']), 1);
  assert.equal(await graph.getValue(['lists', 0, 'name']), undefined);
});

test('mergeGraph copies branches and leaves, skips error atoms, and takes undefined as nothing', () => {
  /** @type {Record<string, any>} */
  const into = { lists: { 0: { name: 'Drama' } } };
  mergeGraph(into, { lists: { 0: { length: 10 }, 1: { $type: 'error', value: 'timeout' } } });
  assert.deepEqual(into, { lists: { 0: { name: 'Drama', length: 10 } } });
  mergeGraph(into, undefined);
  assert.deepEqual(into, { lists: { 0: { name: 'Drama', length: 10 } } });
});
