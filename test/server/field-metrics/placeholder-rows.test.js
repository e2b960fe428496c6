// @ts-check
// A home beacon's `placeholderRows` (issue 37): the rows that came into view
// before their cards. Bounded on the way in, counted per route, shown on /perf
// and exported on /metrics.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { parseBeacon } from '../../../server/field-metrics/beacon-schema.js';
import { startApp } from '../../helpers/app.js';
import { validBeacon, postBeacon, perfSummary } from '../../helpers/beacons.js';

describe('parseBeacon: placeholderRows', () => {
  test('a whole number of rows is kept; absent stays absent', () => {
    const seen = parseBeacon(JSON.stringify(validBeacon({ placeholderRows: 2 })));
    assert.equal(seen.ok, true, seen.error);
    assert.equal(seen.beacon.placeholderRows, 2);
    const none = parseBeacon(JSON.stringify(validBeacon({ placeholderRows: 0 })));
    assert.equal(none.beacon?.placeholderRows, 0);
    const absent = parseBeacon(JSON.stringify(validBeacon()));
    assert.equal(absent.ok, true);
    assert.equal(Object.hasOwn(absent.beacon ?? {}, 'placeholderRows'), false);
  });

  test('anything else is refused, saying what it must be', () => {
    for (const value of [-1, 1.5, 101, '3', null, [1], 1e9]) {
      const result = parseBeacon(JSON.stringify(validBeacon({ placeholderRows: value })));
      assert.equal(result.ok, false, `${JSON.stringify(value)} must be refused`);
      assert.match(result.error ?? '', /placeholderRows must be a whole number of rows from 0 to 100/);
    }
  });
});

describe('through the app: beacon in, /perf, summary and /metrics out', () => {
  /** @type {Awaited<ReturnType<typeof startApp>>} */
  let app;
  before(async () => {
    app = await startApp({ env: { BEACON_RATE_PER_MIN: '1000' } });
  });
  after(() => app?.close());

  test('page views are counted by whether they saw a placeholder, with the rows seen so', async () => {
    for (const rows of [0, 2, 3])
      assert.equal((await postBeacon(app.url, validBeacon({ placeholderRows: rows }))).status, 204);
    // A beacon without the field (a page left before measurement loaded) counts in neither.
    assert.equal((await postBeacon(app.url, validBeacon())).status, 204);
    const junk = await postBeacon(app.url, validBeacon({ placeholderRows: -2 }));
    assert.equal(junk.status, 400);
    assert.match((await junk.json()).error, /placeholderRows must be/);

    const summary = await perfSummary(app.url);
    assert.equal(summary.beacons, 4);
    assert.deepEqual(summary.placeholderRows, [{ route: '/', views: 3, withPlaceholder: 2, rows: 5, share: 2 / 3 }]);

    const html = await (await fetch(`${app.url}/perf`)).text();
    assert.match(html, /<h2>Rows seen before their cards<\/h2>/);
    const row = /<tr data-placeholder-rows-route="\/">(.*?)<\/tr>/.exec(html)?.[1] ?? '';
    assert.deepEqual(
      [...row.matchAll(/<td[^>]*>(?:<code>)?([^<]*)/g)].map((m) => m[1].trim()),
      ['/', '3', '2', '66.7%', '5'],
    );

    const text = await (await fetch(`${app.url}/metrics`)).text();
    assert.match(text, /marquee_browser_placeholder_views_total\{route="\/",saw_placeholder="yes"\} 2/);
    assert.match(text, /marquee_browser_placeholder_views_total\{route="\/",saw_placeholder="no"\} 1/);
    assert.match(text, /marquee_browser_placeholder_rows_total\{route="\/"\} 5/);
  });
});
