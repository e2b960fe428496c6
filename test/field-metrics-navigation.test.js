// @ts-check
// Client-side navigation beacons (issue 27): `{ "navigation": … }` is checked
// as strictly as a page view's beacon (anything else is a 400 with a reason),
// aggregated per from/to route and cache state, exported as
// marquee_browser_navigation_ms{route,phase,cache}, and shown on /perf.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import client from 'prom-client';
import { parseAnyBeacon, parseBeacon } from '../server/field-metrics/beacon-schema.js';
import { createPerfAggregates } from '../server/field-metrics/aggregate.js';
import { dashboardData } from '../server/field-metrics/dashboard.js';

/** @param {Record<string, unknown>} [overrides] fields of the navigation to replace */
function navigation(overrides = {}) {
  return {
    navigation: {
      from: '/',
      to: '/title/:id',
      trigger: 'pointer',
      cache: 'heading',
      url: 4.2,
      heading: 38.5,
      complete: 212.9,
      longestFrame: 61,
      upstreamRequests: 2,
      upstreamRounds: 1,
      ...overrides,
    },
  };
}
const parse = (/** @type {unknown} */ body) => parseAnyBeacon(JSON.stringify(body));

test('a well-formed navigation beacon is accepted as it came', () => {
  const result = parse(navigation({ requestId: '5f0c2a4e-8d1b' }));
  assert.equal(result.ok, true, result.error);
  assert.deepEqual(result.beacon, navigation({ requestId: '5f0c2a4e-8d1b' }));
  assert.equal(parseBeacon(JSON.stringify(navigation())).ok, false, 'a page view beacon has no navigation field');
});

test('anything else is refused whole, with the reason', () => {
  for (const [bad, why] of /** @type {[unknown, RegExp][]} */ ([
    [{ ...navigation(), route: '/' }, /holds only "navigation"/],
    [{ navigation: [] }, /must be an object/],
    [navigation({ extra: 1 }), /unknown navigation field "extra"/],
    [navigation({ from: '/admin' }), /navigation.from must be one of/],
    [navigation({ to: '/title/heat-1995' }), /navigation.to must be one of/],
    [navigation({ trigger: 'voice' }), /navigation.trigger must be one of pointer, keyboard, history/],
    [navigation({ cache: 'warm' }), /navigation.cache must be one of/],
    [navigation({ complete: -1 }), /navigation.complete must be a number/],
    [navigation({ heading: 60_001 }), /navigation.heading must be a number/],
    [navigation({ url: '4' }), /navigation.url must be a number/],
    [navigation({ longestFrame: undefined }), /navigation.longestFrame must be a number/],
    [navigation({ heading: 300 }), /in order: url <= heading <= complete/],
    [navigation({ upstreamRounds: 1.5 }), /upstreamRounds must be an integer/],
    [navigation({ upstreamRequests: 1001 }), /upstreamRequests must be an integer/],
    [navigation({ requestId: 'a b' }), /requestId/],
  ])) {
    const result = parse(bad);
    assert.equal(result.ok, false, `${JSON.stringify(bad)} must be refused`);
    assert.match(result.error ?? '', why);
  }
});

test('aggregated per from/to route and cache state, in Prometheus per route gone to, phase and cache, and on /perf', async () => {
  const registry = new client.Registry();
  const aggregates = createPerfAggregates({ registry });
  for (const complete of [100, 200, 300]) aggregates.record(/** @type {any} */ (navigation({ complete })));
  aggregates.record(
    /** @type {any} */ (navigation({ from: '/title/:id', to: '/', trigger: 'history', cache: 'cached' })),
  );
  const { navigations, beacons } = aggregates.snapshot();
  assert.equal(beacons, 0, 'navigations are not page views');
  assert.equal(navigations.length, 2);
  const click = navigations.find((n) => n.from === '/' && n.cache === 'heading');
  assert.equal(click?.count, 3);
  assert.deepEqual(click?.triggers, { pointer: 3, keyboard: 0, history: 0 });
  assert.ok(Math.abs((click?.phases.complete.p50 ?? 0) - 200) <= 2, 'p50 within the sketch accuracy (1%)');
  assert.equal(click?.upstreamRounds, 1);
  const text = await registry.metrics();
  assert.match(text, /marquee_browser_navigation_ms_count\{route="\/title\/:id",phase="complete",cache="heading"\} 3/);
  assert.match(text, /marquee_browser_navigation_ms_count\{route="\/",phase="heading",cache="cached"\} 1/);

  const data = dashboardData({ ...aggregates.snapshot(), scope: 'process' }, 'nonce');
  assert.equal(data.navigations.length, 2);
  assert.equal(data.navigations[0].to, '/title/:id', 'the most frequent first');
  assert.match(data.navigations[0].chart, /^<svg/);
});
