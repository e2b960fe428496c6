// @ts-check
import { test } from 'node:test';
import assert from 'node:assert/strict';
import client from 'prom-client';
import { createPerfAggregates } from '../../../server/field-metrics/aggregate.js';
import { validBeacon } from '../../helpers/beacons.js';

/** A beacon (already validated) carrying only the given metrics. */
function beacon(/** @type {Record<string, number>} */ metrics, route = '/') {
  return { ...validBeacon({ route, metrics, keyInput: [], server: {} }) };
}

/** @param {ReturnType<ReturnType<typeof createPerfAggregates>['snapshot']>} snapshot */
function metric(snapshot, name, route = '/') {
  return snapshot.routes.find((r) => r.route === route)?.metrics.find((m) => m.name === name);
}

test('percentiles are within the sketch accuracy (1%) of the exact ones', () => {
  const aggregates = createPerfAggregates({ registry: new client.Registry() });
  // 1..1000 ms: exact p50 = 500, p75 = 750, p95 = 950, p99 = 990.
  for (let v = 1; v <= 1000; v += 1) aggregates.record(/** @type {any} */ (beacon({ labTTI: v })));
  const lab = metric(aggregates.snapshot(), 'labTTI');
  assert.equal(lab.count, 1000);
  assert.equal(lab.min, 1);
  assert.equal(lab.max, 1000);
  for (const [q, exact] of /** @type {const} */ ([
    ['p50', 500],
    ['p75', 750],
    ['p95', 950],
    ['p99', 990],
  ])) {
    assert.ok(Math.abs(lab[q] - exact) <= exact * 0.02, `${q} = ${lab[q]}, expected about ${exact}`);
  }
});

test('metrics are kept apart per route, and CLS and memory keep their units', () => {
  const aggregates = createPerfAggregates({ registry: new client.Registry() });
  aggregates.record(/** @type {any} */ (beacon({ fcp: 100, cls: 0.05, memory: 8e6 }, '/')));
  aggregates.record(/** @type {any} */ (beacon({ fcp: 900 }, '/title/:id')));
  const snapshot = aggregates.snapshot();
  assert.equal(metric(snapshot, 'fcp', '/').p50 < 200, true);
  assert.equal(metric(snapshot, 'fcp', '/title/:id').p50 > 800, true);
  assert.equal(metric(snapshot, 'cls').unit, 'score');
  assert.ok(Math.abs(metric(snapshot, 'cls').p50 - 0.05) < 0.001, 'a small CLS must not be rounded away');
  assert.equal(metric(snapshot, 'memory').unit, 'bytes');
  assert.equal(snapshot.beacons, 2);
});

test('key presses and server timings become their own series', () => {
  const aggregates = createPerfAggregates({ registry: new client.Registry() });
  aggregates.record(/** @type {any} */ (validBeacon({ keyInput: [10, 20, 30] })));
  const snapshot = aggregates.snapshot();
  assert.equal(metric(snapshot, 'keyInput').count, 3);
  assert.equal(metric(snapshot, 'server.total').count, 1);
});

test('memory stays bounded: sketch bins, minute buckets and recent beacons are capped', () => {
  let clock = Date.UTC(2026, 0, 1);
  const aggregates = createPerfAggregates({ registry: new client.Registry(), now: () => clock, minutes: 60 });
  // 300 minutes of traffic spread over nine orders of magnitude.
  for (let minute = 0; minute < 300; minute += 1) {
    for (let i = 0; i < 50; i += 1) {
      const spread = 10 ** ((i % 10) - 4); // 1e-4 .. 1e5
      aggregates.record(
        /** @type {any} */ (beacon({ labTTI: Math.min(599_000, spread * (i + 1)), cls: Math.min(99, spread) })),
      );
    }
    clock += 60_000;
  }
  const size = aggregates.footprint();
  assert.equal(size.series, 2);
  assert.ok(size.minuteBuckets <= 2 * 60, `minute buckets must be capped at 60 per series, got ${size.minuteBuckets}`);
  assert.ok(size.bins <= 2 * 61 * 1024 + 2 * 61 * 128, `sketch bins must stay bounded, got ${size.bins}`);
  assert.ok(size.recent <= 20);
  const lab = metric(aggregates.snapshot(), 'labTTI');
  assert.equal(lab.count, 300 * 50);
  assert.equal(lab.overTime.length, 60, 'the series keeps the last 60 minutes');
});

test('Prometheus histograms are registered on the given registry, CLS in its own', async () => {
  const registry = new client.Registry();
  const aggregates = createPerfAggregates({ registry });
  aggregates.record(/** @type {any} */ (validBeacon()));
  const text = await registry.metrics();
  assert.match(text, /marquee_browser_metric_ms_bucket\{le="500",route="\/",metric="appTTI"\} 1/);
  assert.match(text, /marquee_browser_metric_ms_count\{route="\/",metric="keyInput"\} 2/);
  assert.match(text, /marquee_browser_cls_count\{route="\/",metric="cls"\} 1/);
  assert.doesNotMatch(
    text,
    /metric="cls"\}[^\n]*\n[^\n]*marquee_browser_metric_ms/,
    'CLS must not land in the ms histogram',
  );
  assert.doesNotMatch(text, /marquee_browser_metric_ms[^\n]*metric="cls"/);
  assert.match(text, /marquee_browser_lab_tti_total\{route="\/",status="found"\} 1/);
});
