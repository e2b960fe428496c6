// @ts-check
// "Where INP goes" (issue 20): INP by interaction target and type, with p75 of
// its phases, in the aggregates, on /perf, in /perf/summary.json and in
// Prometheus with bounded labels.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import client from 'prom-client';
import { createPerfAggregates } from '../../../server/field-metrics/aggregate.js';
import { dashboardData } from '../../../server/field-metrics/dashboard.js';
import { INP_TARGETS } from '../../../server/field-metrics/beacon-schema.js';
import { startApp } from '../../helpers/app.js';
import { attributedBeacon, validBeacon, postBeacon, perfSummary } from '../../helpers/beacons.js';

/** Records already validated beacons (the schema's defaults filled in). */
const beacon = (/** @type {Parameters<typeof attributedBeacon>[0]} */ options) =>
  /** @type {any} */ (attributedBeacon(options));

test('count and p75 of INP and of each phase, per target and type', () => {
  const aggregates = createPerfAggregates({ registry: new client.Registry() });
  // 1..100: p75 of INP about 75, the phases a quarter, a half and a quarter of it.
  for (let v = 1; v <= 100; v += 1)
    aggregates.record(beacon({ target: 'mylist--card', inp: v * 4, phases: [v, v * 2, v] }));
  aggregates.record(beacon({ target: 'card__link', type: 'keyboard', inp: 300, phases: [100, 150, 50] }));
  // No attribution (no interaction, or an older page): counted as INP only.
  aggregates.record(/** @type {any} */ ({ ...validBeacon(), inpTarget: 'none', inpType: 'none' }));

  const rows = aggregates.snapshot().inpTargets;
  assert.deepEqual(
    rows.map((r) => [r.target, r.type, r.count]),
    [
      ['card__link', 'keyboard', 1],
      ['mylist--card', 'pointer', 100],
    ],
    'in INP_TARGETS order, beacons without attribution left out',
  );
  const { p75 } = rows[1];
  const near = (/** @type {number | null} */ value, /** @type {number} */ exact) =>
    assert.ok(value !== null && Math.abs(value - exact) <= exact * 0.02, `${value} is about ${exact}`);
  near(p75.inp, 300);
  near(p75.inpInputDelay, 75);
  near(p75.inpProcessing, 150);
  near(p75.inpPresentation, 75);
});

test('the dashboard table: a row per target and type, p75 INP then its three phases', () => {
  const aggregates = createPerfAggregates({ registry: new client.Registry() });
  aggregates.record(beacon({ target: 'card__info', inp: 96, phases: [8, 80, 8] }));
  const { inpTargets } = dashboardData({ ...aggregates.snapshot(), scope: 'process' }, 'nonce');
  assert.deepEqual(inpTargets, [
    {
      target: 'card__info',
      label: 'card info toggle',
      type: 'pointer',
      count: 1,
      few: true,
      p75: ['96 ms', '8 ms', '80 ms', '8 ms'],
    },
  ]);
});

test('memory and Prometheus labels stay bounded: fixed targets times two types, four parts', async () => {
  const registry = new client.Registry();
  const aggregates = createPerfAggregates({ registry });
  const targets = INP_TARGETS.filter((t) => t !== 'none');
  for (let i = 0; i < 5000; i += 1)
    aggregates.record(
      beacon({ target: targets[i % targets.length], type: i % 2 ? 'pointer' : 'keyboard', inp: 1 + (i % 997) * 9 }),
    );
  const size = aggregates.footprint();
  assert.equal(size.inpTargets, targets.length * 2);
  assert.ok(size.inpTargetBins <= targets.length * 2 * 4 * 1024, `bins bounded, got ${size.inpTargetBins}`);
  const text = await registry.metrics();
  const series = new Set(text.match(/^marquee_browser_inp_by_target_ms_count\{[^}]*\}/gm));
  assert.equal(series.size, targets.length * 2 * 4, 'one count per target, type and part, no more');
  assert.match(text, /marquee_browser_inp_by_target_ms_count\{target="mylist--card",type="pointer",metric="inp"\} \d+/);
  assert.match(
    text,
    /marquee_browser_inp_by_target_ms_bucket\{le="16",target="a",type="keyboard",metric="inpInputDelay"\}/,
  );
});

describe('through the app: beacon in, /perf, summary and /metrics out', () => {
  /** @type {Awaited<ReturnType<typeof startApp>>} */
  let app;
  before(async () => {
    app = await startApp({ env: { BEACON_RATE_PER_MIN: '1000' } });
  });
  after(() => app?.close());

  test('an attributed beacon is counted by target; junk attribution is 400 and counted nowhere', async () => {
    assert.equal(
      (await postBeacon(app.url, attributedBeacon({ target: 'mylist--card', inp: 120, phases: [10, 90, 20] }))).status,
      204,
    );
    for (const [body, message] of /** @type {[unknown, RegExp][]} */ ([
      [attributedBeacon({ target: 'div#hero' }), /inpTarget must be one of/],
      [attributedBeacon({ type: 'pen' }), /inpType must be one of/],
      [attributedBeacon({ phases: [-1, 10, 10] }), /inpInputDelay must not be negative/],
      [attributedBeacon({ phases: [1, 10, 86_400_000] }), /inpPresentation must be at most/],
    ])) {
      const res = await postBeacon(app.url, body);
      assert.equal(res.status, 400);
      assert.match((await res.json()).error, message);
    }
    const summary = await perfSummary(app.url);
    assert.equal(summary.beacons, 1);
    assert.deepEqual(
      summary.inpTargets.map((/** @type {any} */ r) => [r.target, r.type, r.count, r.p75.inpProcessing]),
      [['mylist--card', 'pointer', 1, 90]],
    );
  });

  test('GET /perf shows where INP goes', async () => {
    const html = await (await fetch(`${app.url}/perf`)).text();
    assert.match(html, /<h2>Where INP goes<\/h2>/);
    const row = /<tr data-inp-target="mylist--card" data-inp-type="pointer">(.*?)<\/tr>/.exec(html)?.[1] ?? '';
    assert.match(row, /card My List <code>mylist--card<\/code>/);
    assert.deepEqual(
      [...row.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1].trim()),
      ['pointer', '1', '120 ms', '10 ms', '90 ms', '20 ms'],
    );
    // The phases are series of their own per route, like INP.
    assert.match(html, /INP: processing/);
  });

  test('GET /metrics exports INP by target with the fixed labels', async () => {
    const text = await (await fetch(`${app.url}/metrics`)).text();
    assert.match(
      text,
      /marquee_browser_inp_by_target_ms_count\{target="mylist--card",type="pointer",metric="inpProcessing"\} 1/,
    );
    assert.match(text, /marquee_browser_metric_ms_count\{route="\/",metric="inpPresentation"\} 1/);
  });
});
