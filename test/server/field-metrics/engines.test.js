// @ts-check
// Field data per engine (server/field-metrics/engines.js): page views, lab TTI
// methods and p75s apart for Blink, Gecko and WebKit, in the snapshot /perf
// renders and in Prometheus.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import client from 'prom-client';
import { createPerfAggregates } from '../../../server/field-metrics/aggregate.js';
import { dashboardData } from '../../../server/field-metrics/dashboard.js';
import { parseBeacon } from '../../../server/field-metrics/beacon-schema.js';
import { validBeacon } from '../../helpers/beacons.js';

/** A beacon as the schema admits it. */
function parsed(/** @type {Record<string, unknown>} */ overrides) {
  const result = parseBeacon(JSON.stringify(validBeacon(overrides)));
  assert.ok(result.ok, result.error);
  return result.beacon;
}

test('beacons are split by engine family: counts, lab TTI methods, p75s, and Prometheus series', async () => {
  const registry = new client.Registry();
  const aggregates = createPerfAggregates({ registry });
  for (const labTTI of [1000, 1100, 1200]) aggregates.record(parsed({ metrics: { labTTI, fcp: 300 } }));
  for (const labTTI of [2000, 2100]) {
    aggregates.record(parsed({ engine: 'gecko', labTTIMethod: 'heartbeat', metrics: { labTTI, fcp: 500 } }));
  }
  aggregates.record(parsed({ engine: 'webkit', labTTIMethod: 'heartbeat', metrics: { fcp: 700 } }));

  const { engines } = aggregates.snapshot();
  assert.deepEqual(
    engines.map((e) => [e.engine, e.count, e.methods.longtask, e.methods.heartbeat]),
    [
      ['blink', 3, 3, 0],
      ['gecko', 2, 0, 2],
      ['webkit', 1, 0, 1],
    ],
  );
  const gecko = engines.find((e) => e.engine === 'gecko');
  const geckoLab = gecko?.p75.labTTI ?? null;
  assert.ok(geckoLab !== null && geckoLab >= 2000 * 0.98 && geckoLab <= 2100 * 1.02, `Gecko's p75 lab TTI ${geckoLab}`);
  assert.equal(engines.find((e) => e.engine === 'webkit')?.p75.labTTI, null, 'no lab TTI reported: none shown');

  const text = await registry.metrics();
  assert.match(text, /marquee_browser_beacons_by_engine_total\{engine="gecko",lab_tti_method="heartbeat"\} 2/);
  assert.match(text, /marquee_browser_metric_by_engine_ms_count\{engine="blink",metric="labTTI"\} 3/);
  assert.match(text, /marquee_browser_metric_by_engine_ms_count\{engine="webkit",metric="fcp"\} 1/);

  const data = dashboardData({ ...aggregates.snapshot(), scope: 'process' }, 'nonce');
  assert.deepEqual(
    data.engines.map((e) => [e.engine, e.methods]),
    [
      ['blink', 'longtask 3'],
      ['gecko', 'heartbeat 2'],
      ['webkit', 'heartbeat 1'],
    ],
  );
});

test('a beacon without an engine counts as other; an unknown engine is refused', () => {
  const bare = validBeacon();
  delete bare.engine;
  const result = parseBeacon(JSON.stringify(bare));
  assert.ok(result.ok, result.error);
  assert.equal(result.beacon.engine, 'other');
  const refused = parseBeacon(JSON.stringify(validBeacon({ engine: 'trident' })));
  assert.equal(refused.ok, false);
  assert.match(refused.error ?? '', /engine must be one of blink, gecko, webkit, other/);
});
