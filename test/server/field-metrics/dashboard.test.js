// @ts-check
// The /perf table shows, beside each percentile, how many samples decide it
// (issue 14): p99 of a few dozen page views is one or two beacons, real or
// forged, and the reader should see that.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import client from 'prom-client';
import { createPerfAggregates } from '../../../server/field-metrics/aggregate.js';
import { dashboardData, percentileCell, FEW_SAMPLES } from '../../../server/field-metrics/dashboard.js';
import { validBeacon } from '../../helpers/beacons.js';

test('percentileCell: the samples at or above a percentile, marked when they are few', () => {
  assert.deepEqual(percentileCell(1234, 'ms', 1, 0.5), { value: '1.23 s', atOrAbove: 1, few: true });
  // 65 samples: p99 is the sample of rank 63 (from 0), so 2 samples decide it.
  assert.equal(percentileCell(1, 'ms', 65, 0.99).atOrAbove, 2);
  assert.equal(percentileCell(1, 'ms', 65, 0.5).atOrAbove, 33);
  assert.equal(percentileCell(1, 'ms', 1000, 0.95).atOrAbove, 51);
  assert.equal(percentileCell(1, 'ms', 1000, 0.95).few, false);
  assert.equal(percentileCell(1, 'ms', 100, 0.99).few, 2 < FEW_SAMPLES);
});

test('dashboardData: every row carries p50 to p99 with their sample counts, then the max', () => {
  const aggregates = createPerfAggregates({ registry: new client.Registry() });
  for (let v = 1; v <= 40; v += 1)
    aggregates.record(/** @type {any} */ (validBeacon({ metrics: { fcp: v * 10 }, keyInput: [], server: {} })));
  const data = dashboardData({ ...aggregates.snapshot(), scope: 'process' }, 'nonce');
  const [row] = data.routes[0].rows;
  assert.equal(row.count, 40);
  assert.deepEqual(
    row.percentiles.map((/** @type {any} */ p) => [p.atOrAbove, p.few]),
    [
      [21, false],
      [11, false],
      [3, true],
      [2, true],
    ],
  );
  assert.equal(row.max, '400 ms');
  assert.equal(data.fewSamples, FEW_SAMPLES);
});
