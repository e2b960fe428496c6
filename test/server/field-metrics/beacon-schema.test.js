// @ts-check
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseBeacon,
  MAX_BEACON_BYTES,
  MAX_KEY_PRESSES,
  INP_TARGETS,
} from '../../../server/field-metrics/beacon-schema.js';
import { startApp } from '../../helpers/app.js';
import { validBeacon, attributedBeacon, postBeacon, perfSummary } from '../../helpers/beacons.js';

/** @param {unknown} body */
const parse = (body) => parseBeacon(typeof body === 'string' ? body : JSON.stringify(body));

describe('parseBeacon', () => {
  test('accepts a well-formed beacon and keeps only what it knows', () => {
    const result = parse(validBeacon());
    assert.equal(result.ok, true, result.error);
    assert.equal(result.beacon.route, '/');
    assert.equal(result.beacon.metrics.appTTI, 420.5);
    assert.deepEqual(result.beacon.keyInput, [16.4, 22.1]);
  });

  test('optional labels fall back to bounded defaults', () => {
    const bare = validBeacon();
    for (const optional of ['effectiveType', 'labTTIStatus', 'labTTIMethod', 'engine', 'keyInput', 'server'])
      delete bare[optional];
    const result = parse(bare);
    assert.equal(result.ok, true, result.error);
    assert.equal(result.beacon.effectiveType, 'unknown');
    assert.equal(result.beacon.labTTIStatus, 'pending');
    assert.equal(result.beacon.labTTIMethod, 'none');
    assert.equal(result.beacon.engine, 'other');
  });

  test('the lab TTI method is one of the three that measure', () => {
    for (const method of ['longtask', 'loaf', 'heartbeat']) {
      const result = parse(validBeacon({ labTTIMethod: method }));
      assert.equal(result.ok, true, result.error);
      assert.equal(result.beacon.labTTIMethod, method);
    }
  });

  test('INP attribution: fixed labels at the top, phases under metrics; absent is none', () => {
    const result = parse(attributedBeacon({ target: 'rating__star', type: 'keyboard' }));
    assert.equal(result.ok, true, result.error);
    assert.equal(result.beacon.inpTarget, 'rating__star');
    assert.equal(result.beacon.inpType, 'keyboard');
    assert.deepEqual(
      [result.beacon.metrics.inpInputDelay, result.beacon.metrics.inpProcessing, result.beacon.metrics.inpPresentation],
      [6, 12, 6],
    );
    const bare = parse(validBeacon());
    assert.equal(bare.ok, true, bare.error);
    assert.equal(bare.beacon.inpTarget, 'none', 'a page view without attribution');
    assert.equal(bare.beacon.inpType, 'none');
    for (const target of INP_TARGETS.filter((t) => t !== 'none'))
      assert.equal(parse(attributedBeacon({ target })).ok, true, `${target} is a label`);
  });

  /** @type {[string, unknown, RegExp][]} */
  const junk = [
    ['not JSON', '{"route": "/",', /not JSON/],
    ['an array', '[1,2,3]', /JSON object/],
    ['an unknown top-level field', validBeacon({ userAgent: 'x' }), /unknown field "userAgent"/],
    ['__proto__ as a field', '{"__proto__": {"polluted": true}, "route": "/"}', /unknown field "__proto__"/],
    ['an unknown metric', validBeacon({ metrics: { fid: 12 } }), /unknown metric "fid"/],
    ['a raw URL as route', validBeacon({ route: '/title/the-land-girls-1998' }), /route must be one of/],
    ['an unknown navigation type', validBeacon({ navigationType: 'teleport' }), /navigationType/],
    ['an unknown effective type', validBeacon({ effectiveType: '5g' }), /effectiveType/],
    ['an unknown lab TTI method', validBeacon({ labTTIMethod: 'guess' }), /labTTIMethod must be one of/],
    ['a metric as a string', validBeacon({ metrics: { fcp: '100' } }), /finite number/],
    ['NaN (as JSON null)', '{"route":"/","navigationType":"navigate","metrics":{"fcp":NaN}}', /not JSON/],
    ['null for a metric', validBeacon({ metrics: { fcp: null } }), /finite number/],
    ['an absurd time (1e12 ms)', validBeacon({ metrics: { labTTI: 1e12 } }), /at most/],
    ['Infinity written as 1e999', '{"route":"/","navigationType":"navigate","metrics":{"lcp":1e999}}', /finite number/],
    ['a negative time', validBeacon({ metrics: { ttfb: -5 } }), /negative/],
    ['a CLS of 1e6', validBeacon({ metrics: { cls: 1e6 } }), /at most/],
    [
      'too many key presses',
      validBeacon({ keyInput: new Array(MAX_KEY_PRESSES + 1).fill(10) }),
      /at most 100 key presses/,
    ],
    [
      'a huge label set of metrics',
      validBeacon({ metrics: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`m${i}`, 1])) }),
      /unknown metric/,
    ],
    ['an unknown server timing', validBeacon({ server: { db: 3 } }), /unknown server timing/],
    ['a missing route', validBeacon({ route: undefined }), /route must be one of/],
    ['an unknown INP target', attributedBeacon({ target: 'div.hero' }), /inpTarget must be one of/],
    ['a raw class list as INP target', attributedBeacon({ target: 'mylist mylist--card' }), /inpTarget must be one of/],
    ['an unknown INP type', attributedBeacon({ type: 'touch' }), /inpType must be one of/],
    ['an INP target as a number', attributedBeacon({}, { inpTarget: 3 }), /inpTarget must be one of/],
    ['an INP target without its type', attributedBeacon({}, { inpType: undefined }), /come together/],
    ['a negative INP phase', attributedBeacon({ phases: [6, -12, 6] }), /metrics\.inpProcessing must not be negative/],
    ['a huge INP phase', attributedBeacon({ phases: [6, 12, 1e9] }), /metrics\.inpPresentation must be at most 10000/],
    ['an INP phase as a string', attributedBeacon({}, { metrics: { inp: 24, inpInputDelay: '6' } }), /finite number/],
    [
      'INP attribution without INP',
      attributedBeacon({}, { metrics: { fcp: 100, inpInputDelay: 6 } }),
      /need metrics\.inp/,
    ],
    [
      'INP labels without INP',
      validBeacon({ inpTarget: 'a', inpType: 'pointer', metrics: { fcp: 100 } }),
      /need metrics\.inp/,
    ],
  ];
  for (const [what, body, message] of junk) {
    test(`refuses ${what}`, () => {
      const result = parse(body);
      assert.equal(result.ok, false, `${what} must be refused`);
      assert.match(result.error, message);
    });
  }

  test('each metric has a plausible bound: a minute for a load, ten seconds for an interaction', () => {
    /** @type {[string, number][]} */
    const bounds = [
      ['appTTI', 60_000],
      ['labTTI', 60_000],
      ['tbt', 60_000],
      ['fcp', 60_000],
      ['lcp', 60_000],
      ['ttfb', 60_000],
      ['inp', 10_000],
      ['inpInputDelay', 10_000],
      ['inpProcessing', 10_000],
      ['inpPresentation', 10_000],
      ['cls', 10],
    ];
    // INP's phases come only with INP.
    const metrics = (/** @type {string} */ name, /** @type {number} */ value) =>
      name.startsWith('inp') ? { inp: 1, [name]: value } : { [name]: value };
    for (const [name, max] of bounds) {
      assert.equal(parse(validBeacon({ metrics: metrics(name, max) })).ok, true, `${name} = ${max} is accepted`);
      const over = parse(validBeacon({ metrics: metrics(name, max * 1.001) }));
      assert.equal(over.ok, false, `${name} past ${max} is refused`);
      assert.match(over.error, new RegExp(`metrics\\.${name} must be at most ${max}`));
    }
    assert.equal(parse(validBeacon({ keyInput: [10_001] })).ok, false, 'a key press is an interaction too');
    assert.equal(parse(validBeacon({ server: { total: 60_001 } })).ok, false, 'server timings are bounded like a load');
  });

  test('error messages quote client names cut short', () => {
    const result = parse(validBeacon({ metrics: { ['x'.repeat(5000)]: 1 } }));
    assert.equal(result.ok, false);
    assert.ok(result.error.length < 100, `error too long: ${result.error.length} chars`);
  });
});

describe('POST /perf/beacon refuses junk before it reaches the aggregates', () => {
  /** @type {Awaited<ReturnType<typeof startApp>>} */
  let app;
  before(async () => {
    app = await startApp({ env: { BEACON_RATE_PER_MIN: '1000' } });
  });
  after(() => app?.close());

  test('a body over 64 KB is 413, whatever its content', async () => {
    const big = JSON.stringify(validBeacon({ pad: 'x'.repeat(MAX_BEACON_BYTES) }));
    const res = await postBeacon(app.url, big);
    assert.equal(res.status, 413);
    assert.match((await res.json()).error, /over 65536 bytes/);
  });

  test('junk is 400 with a JSON error naming the problem', async () => {
    for (const body of [
      validBeacon({ metrics: { fid: 1 } }),
      validBeacon({ metrics: { lcp: 1e12 } }),
      validBeacon({ metrics: { tbt: -1 } }),
      validBeacon({ route: '/?utm=1' }),
      '{"route":"/","navigationType":"navigate","metrics":{"fcp":Infinity}}',
      'not json at all',
    ]) {
      const res = await postBeacon(app.url, body);
      assert.equal(res.status, 400, `expected 400 for ${String(JSON.stringify(body)).slice(0, 80)}`);
      assert.equal(typeof (await res.json()).error, 'string');
    }
  });

  test('a beacon of another content type is 415', async () => {
    const res = await postBeacon(app.url, validBeacon(), { 'content-type': 'application/x-www-form-urlencoded' });
    assert.equal(res.status, 415);
  });

  test('nothing refused was counted', async () => {
    const summary = await perfSummary(app.url);
    assert.equal(summary.beacons, 0, 'no refused beacon may reach the aggregates');
    for (const route of summary.routes)
      assert.deepEqual(route.metrics, [], `route ${route.route} must hold no samples`);
  });
});

describe('forged slow beacons within the rate limit cannot move the percentiles', () => {
  /** @type {Awaited<ReturnType<typeof startApp>>} */
  let app;
  before(async () => {
    app = await startApp({ env: { BEACON_RATE_PER_MIN: '1000' } });
  });
  after(() => app?.close());

  test('65 beacons claiming 599,999 ms (the measured attack) are refused whole', async () => {
    for (let i = 0; i < 20; i += 1) assert.equal((await postBeacon(app.url, validBeacon())).status, 204);
    const statuses = new Set();
    for (let i = 0; i < 65; i += 1) {
      const forged = validBeacon({ metrics: { appTTI: 599_999, labTTI: 599_999, lcp: 599_999, inp: 599_999 } });
      statuses.add((await postBeacon(app.url, forged)).status);
    }
    assert.deepEqual([...statuses], [400]);
    const summary = await perfSummary(app.url);
    assert.equal(summary.beacons, 20);
    const home = summary.routes.find((/** @type {any} */ r) => r.route === '/');
    for (const name of ['appTTI', 'labTTI', 'lcp', 'inp']) {
      const metric = home.metrics.find((/** @type {any} */ m) => m.name === name);
      assert.equal(metric.count, 20, `${name}: only the real samples`);
      assert.ok(metric.max < 1000, `${name}: max ${metric.max} ms, the real beacons' figure`);
    }
  });
});
