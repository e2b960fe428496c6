// @ts-check
// Why the back/forward cache did not restore a page (issue 27): the beacon's
// `notRestored` reasons are checked, named from a fixed set (`other` beyond
// it), and counted per route for /perf/summary.json and /metrics; a restore
// beacon counts no lab TTI status; /perf shows, per route, the Backs restored
// beside those loaded again and why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import client from 'prom-client';
import { parseBeacon } from '../../../server/field-metrics/beacon-schema.js';
import { createPerfAggregates } from '../../../server/field-metrics/aggregate.js';
import { MAX_NOT_RESTORED } from '../../../server/field-metrics/not-restored.js';
import { dashboardData } from '../../../server/field-metrics/dashboard.js';
import { createTemplates } from '../../../server/render/templates.js';
import { VIEWS_DIR } from '../../../server/paths.js';
import { validBeacon } from '../../helpers/beacons.js';

/** @param {unknown} body */
const parse = (body) => parseBeacon(JSON.stringify(body));

test('reasons the browser gave are kept; one newer than the list is `other`, never a refusal', () => {
  const result = parse(
    validBeacon({ navigationType: 'back-forward', notRestored: ['unload-listener', 'masked', 'a-reason-from-2027'] }),
  );
  assert.equal(result.ok, true, result.error);
  assert.deepEqual(result.beacon.notRestored, ['unload-listener', 'masked', 'other']);
  assert.deepEqual(/** @type {any} */ (parse(validBeacon())).beacon.notRestored, [], 'absent: none');
});

test('a malformed notRestored refuses the beacon whole', () => {
  for (const [bad, why] of /** @type {[unknown, RegExp][]} */ ([
    ['masked', /array/],
    [[42], /reasons of 1 to 100 characters/],
    [[''], /reasons of 1 to 100 characters/],
    [['x'.repeat(101)], /reasons of 1 to 100 characters/],
    [Array.from({ length: MAX_NOT_RESTORED + 1 }, (_, i) => `r${i}`), /at most 20/],
  ])) {
    const result = parse(validBeacon({ notRestored: bad }));
    assert.equal(result.ok, false, `${JSON.stringify(bad)} must be refused`);
    assert.match(result.error ?? '', why);
  }
});

test('counted per route and reason, in the snapshot and in Prometheus; a restore counts no TTI status', async () => {
  const registry = new client.Registry();
  const aggregates = createPerfAggregates({ registry });
  const back = /** @type {any} */ (parse(validBeacon({ route: '/title/:id', notRestored: ['unload-listener'] })))
    .beacon;
  aggregates.record(back);
  aggregates.record(back);
  const restore = /** @type {any} */ (parse({ route: '/', navigationType: 'back-forward-cache', metrics: { fcp: 12 } }))
    .beacon;
  aggregates.record(restore);
  const snapshot = aggregates.snapshot();
  assert.deepEqual(snapshot.notRestored, { '/title/:id': { 'unload-listener': 2 } });
  const home = snapshot.routes.find((/** @type {any} */ r) => r.route === '/');
  assert.equal(
    Object.values(home.labTTIStatus).reduce((/** @type {number} */ a, /** @type {number} */ b) => a + b),
    0,
  );
  const text = await registry.metrics();
  assert.match(text, /marquee_browser_bfcache_not_restored_total\{route="\/title\/:id",reason="unload-listener"\} 2/);
});

test('/perf: per route, the Backs restored beside those loaded again, with the reasons, commonest first', () => {
  const aggregates = createPerfAggregates({ registry: new client.Registry() });
  /** @param {Record<string, unknown>} fields */
  const record = (fields) => aggregates.record(/** @type {any} */ (parse(validBeacon(fields))).beacon);
  record({ route: '/title/:id', navigationType: 'back-forward', notRestored: ['masked'] });
  record({ route: '/title/:id', navigationType: 'back-forward', notRestored: ['unload-listener', 'masked'] });
  record({ route: '/title/:id', navigationType: 'back-forward' });
  aggregates.record(
    /** @type {any} */ (parse({ route: '/title/:id', navigationType: 'back-forward-cache', metrics: { fcp: 9 } }))
      .beacon,
  );
  record({ route: '/', navigationType: 'navigate' });
  const data = dashboardData({ ...aggregates.snapshot(), scope: 'process' }, 'nonce');
  assert.deepEqual(data.backForward, [
    {
      route: '/title/:id',
      restored: 1,
      reloaded: 3,
      share: '25.0%',
      reasons: [
        { reason: 'masked', count: 2 },
        { reason: 'unload-listener', count: 1 },
      ],
    },
  ]);
  const templates = createTemplates({ viewsDir: VIEWS_DIR });
  const html = templates.get('perf').head(data);
  templates.close();
  assert.match(html, /<h2>Back and Forward<\/h2>/);
  assert.match(
    html,
    /data-back-forward-route="\/title\/:id"><td><code>\/title\/:id<\/code><\/td><td>1<\/td><td>3<\/td><td>25.0%<\/td><td><code>masked<\/code> 2 · <code>unload-listener<\/code> 1<\/td>/,
  );
});
