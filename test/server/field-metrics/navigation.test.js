// @ts-check
// Client-side navigation beacons (issue 27): `{ "navigation": … }` is checked
// as strictly as a page view's beacon (anything else is a 400 with a reason),
// aggregated per from/to route and cache state, exported as
// marquee_browser_navigation_ms{route,phase,cache}, and shown on /perf.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import client from 'prom-client';
import { parseAnyBeacon, parseBeacon } from '../../../server/field-metrics/beacon-schema.js';
import { createPerfAggregates } from '../../../server/field-metrics/aggregate.js';
import { dashboardData } from '../../../server/field-metrics/dashboard.js';

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

/** @param {Record<string, unknown>} [overrides] fields of the browser's figures to replace */
function softNavigation(overrides = {}) {
  return {
    softNavigation: { from: '/', to: '/title/:id', cache: 'heading', fcp: 41.5, lcp: 230.2, start: -8.3, ...overrides },
  };
}

test("the browser's soft-navigation figures: accepted as they came, anything else refused whole", () => {
  const result = parse(softNavigation());
  assert.equal(result.ok, true, result.error);
  assert.deepEqual(result.beacon, softNavigation());
  assert.equal(parse(softNavigation({ lcp: undefined })).ok, true, 'lcp is optional: the browser may have none');
  for (const [bad, why] of /** @type {[unknown, RegExp][]} */ ([
    [{ ...softNavigation(), navigation: navigation().navigation }, /holds only "navigation"/],
    [{ ...softNavigation(), route: '/' }, /holds only "softNavigation"/],
    [{ softNavigation: 'fast' }, /must be an object/],
    [softNavigation({ trigger: 'pointer' }), /unknown softNavigation field "trigger"/],
    [softNavigation({ to: '/admin' }), /softNavigation.to must be one of/],
    [softNavigation({ cache: 'warm' }), /softNavigation.cache must be one of/],
    [softNavigation({ fcp: undefined }), /softNavigation.fcp must be a number/],
    [softNavigation({ fcp: -1 }), /softNavigation.fcp must be a number/],
    [softNavigation({ lcp: 60_001 }), /softNavigation.lcp must be a number/],
    [softNavigation({ start: 10_001 }), /softNavigation.start must be a number of ms from -10000 to 10000/],
    [softNavigation({ start: null }), /softNavigation.start/],
  ])) {
    const result = parse(bad);
    assert.equal(result.ok, false, `${JSON.stringify(bad)} must be refused`);
    assert.match(result.error ?? '', why);
  }
});

test("/perf: the browser's figures beside ours for the same from/to route and cache state, in Prometheus too", async () => {
  const registry = new client.Registry();
  const aggregates = createPerfAggregates({ registry });
  aggregates.record(/** @type {any} */ (navigation()));
  aggregates.record(
    /** @type {any} */ (navigation({ from: '/title/:id', to: '/', trigger: 'history', cache: 'cached' })),
  );
  aggregates.record(/** @type {any} */ (softNavigation()));
  const { softNavigations, beacons } = aggregates.snapshot();
  assert.equal(beacons, 0, 'the browser’s figures are not page views');
  assert.equal(softNavigations.length, 1);
  assert.equal(softNavigations[0].phases.start?.p50, -8.3, 'the offset keeps its sign');
  assert.match(
    await registry.metrics(),
    /marquee_browser_soft_navigation_ms_count\{route="\/title\/:id",phase="fcp",cache="heading"\} 1/,
  );
  const data = dashboardData({ ...aggregates.snapshot(), scope: 'process' }, 'nonce');
  const click = data.navigations.find((n) => n.from === '/');
  assert.deepEqual(click?.browser, {
    count: 1,
    phases: [
      { label: 'its start → first contentful paint', p50: '42 ms', p75: '42 ms', p95: '42 ms' },
      { label: 'its start → largest contentful paint', p50: '230 ms', p75: '230 ms', p95: '230 ms' },
      { label: 'its start − our input', p50: '-8 ms', p75: '-8 ms', p95: '-8 ms' },
    ],
  });
  const back = data.navigations.find((n) => n.from === '/title/:id');
  assert.deepEqual(back?.browser, { count: 0, phases: [] }, 'a Back by the browser’s button: none reported');
});
