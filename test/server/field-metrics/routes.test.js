// @ts-check
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRateLimiter } from '../../../server/field-metrics/rate-limit.js';
import { startApp } from '../../helpers/app.js';
import { validBeacon, postBeacon, perfSummary } from '../../helpers/beacons.js';

describe('createRateLimiter', () => {
  test('a client gets its burst, then one token per 60/perMinute seconds', () => {
    let clock = 0;
    const limiter = createRateLimiter({ perMinute: 6, now: () => clock });
    for (let i = 0; i < 6; i += 1) assert.equal(limiter.take('a').allowed, true, `take ${i + 1} of the burst`);
    const refused = limiter.take('a');
    assert.equal(refused.allowed, false);
    assert.equal(refused.retryAfterS, 10);
    assert.equal(limiter.take('b').allowed, true, 'another client has its own bucket');
    clock += 10_000;
    assert.equal(limiter.take('a').allowed, true, 'one token back after 10 s');
  });

  test('memory is bounded: the least recently seen clients are forgotten', () => {
    const limiter = createRateLimiter({ perMinute: 1, maxClients: 100 });
    for (let i = 0; i < 10_000; i += 1) limiter.take(`10.0.${i >> 8}.${i & 255}`);
    assert.equal(limiter.size, 100);
  });
});

describe('POST /perf/beacon and GET /perf through the app', () => {
  /** @type {Awaited<ReturnType<typeof startApp>>} */
  let app;
  before(async () => {
    app = await startApp({ env: { BEACON_RATE_PER_MIN: '5' } });
  });
  after(() => app?.close());

  test('a valid beacon is 204 and lands in the aggregates', async () => {
    const res = await postBeacon(app.url, validBeacon());
    assert.equal(res.status, 204);
    const json = await postBeacon(app.url, validBeacon({ route: '/title/:id' }), {
      'content-type': 'application/json',
    });
    assert.equal(json.status, 204, 'application/json is accepted too');

    const summary = await perfSummary(app.url);
    assert.equal(summary.beacons, 2);
    const home = summary.routes.find((/** @type {any} */ r) => r.route === '/');
    const appTTI = home.metrics.find((/** @type {any} */ m) => m.name === 'appTTI');
    assert.equal(appTTI.count, 1);
    assert.ok(Math.abs(appTTI.p50 - 420.5) < 5, `p50 ${appTTI.p50} should be about 420.5`);
    assert.equal(summary.recent[0].route, '/title/:id', 'newest first');
  });

  test('GET /perf renders the dashboard with inline SVG charts and the CSP nonce', async () => {
    const res = await fetch(`${app.url}/perf`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const html = await res.text();
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    // Handlebars escapes "=" in attributes as &#x3D;, which the browser decodes.
    const styleNonce = /<style nonce="([^"]+)">/.exec(html)?.[1]?.replaceAll('&#x3D;', '=');
    assert.ok(nonce && styleNonce === nonce, "the inline style must carry this response's nonce");
    assert.match(html, /Route <code>\/<\/code>/);
    assert.match(html, /App TTI \(hydrated\)/);
    // One beacon per metric so far: each percentile rests on that one sample, and says so.
    assert.match(html, /<td class="few">\d+ ms <span class="n">\(1\)<\/span><\/td>/);
    assert.match(html, /samples at or above each percentile/);
    const charts = html.match(/<svg [^>]*role="img"/g) ?? [];
    assert.ok(charts.length >= 20, `expected a histogram and a series per metric, got ${charts.length} charts`);
    assert.match(html, /<rect [^>]*class="bar"/, 'histogram bars');
    assert.match(html, /<polyline points="[^"]+" class="p95"\/>/, 'p95 over time');
    assert.doesNotMatch(html, /<script/, 'the dashboard needs no script');
    assert.doesNotMatch(html, /https?:\/\/(?!127\.0\.0\.1)/, 'no external resource');
  });

  test('the histograms are in the app registry for GET /metrics', async () => {
    const res = await fetch(`${app.url}/metrics`);
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.match(text, /marquee_browser_metric_ms_count\{route="\/",metric="labTTI"\} 1/);
    assert.match(text, /marquee_browser_cls_count\{route="\/title\/:id",metric="cls"\} 1/);
    assert.match(text, /marquee_perf_beacons_total\{outcome="accepted"\} 2/);
  });

  test('past BEACON_RATE_PER_MIN a client gets 429 with Retry-After', async () => {
    // Two tokens went on the beacons above; three are left of the burst of five.
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await postBeacon(app.url, validBeacon())).status);
    assert.deepEqual(statuses, [204, 204, 204, 429, 429]);
    const res = await postBeacon(app.url, validBeacon());
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get('retry-after')) >= 1);
  });
});
