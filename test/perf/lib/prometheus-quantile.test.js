// @ts-check
// The quantile perf:chaos reads from the app's duration histogram between two
// scrapes: only what was counted in between, as the bucket's upper bound.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bucketQuantile, parsePrometheus } from '../../../perf/lib/prometheus.js';

/** @param {Record<string, number>} counts cumulative count per `le` @param {string} [route] */
const histogram = (counts, route = '/') =>
  parsePrometheus(
    Object.entries(counts)
      .map(([le, count]) => `d_bucket{route="${route}",le="${le}"} ${count}`)
      .join('\n'),
  );

test('bucketQuantile: the bucket of the quantile among what was counted between the scrapes', () => {
  const before = histogram({ 0.1: 5, 0.5: 10, 1: 10, '+Inf': 10 });
  const after = [
    ...histogram({ 0.1: 5, 0.5: 60, 1: 100, '+Inf': 110 }),
    // Another route's series is not counted.
    ...histogram({ 0.1: 1000, 0.5: 1000, 1: 1000, '+Inf': 1000 }, '/other'),
  ];
  assert.equal(bucketQuantile(before, after, 'd', { route: '/' }, 0.5), 0.5);
  assert.equal(bucketQuantile(before, after, 'd', { route: '/' }, 0.9), 1);
  assert.equal(bucketQuantile(before, after, 'd', { route: '/' }, 0.99), Infinity);
  assert.equal(bucketQuantile(before, before, 'd', { route: '/' }, 0.5), null, 'nothing counted');
});
