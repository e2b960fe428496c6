// @ts-check
// METRICS_TOKEN (issue 14): when set, /metrics, /perf and /perf/summary.json
// answer only a request carrying it; the beacon stays open to every page.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../../server/config/load.js';
import { presentedToken } from '../../../server/metrics/require-token.js';
import { startApp } from '../../helpers/app.js';
import { validBeacon, postBeacon } from '../../helpers/beacons.js';

const TOKEN = 'a'.repeat(24) + '0123456789abcdef';
const GUARDED = ['/metrics', '/perf', '/perf/summary.json'];

test('METRICS_TOKEN: empty is no guard; else 32+ token characters, never printed', () => {
  assert.equal(loadConfig({}).security.metricsToken, null);
  assert.equal(loadConfig({ METRICS_TOKEN: TOKEN }).security.metricsToken, TOKEN);
  for (const bad of ['short', `${'x'.repeat(40)} space`, `${'x'.repeat(40)}"`]) {
    assert.throws(
      () => loadConfig({ METRICS_TOKEN: bad }),
      (/** @type {Error} */ error) =>
        /METRICS_TOKEN=\(value not shown\)/.test(error.message) && !error.message.includes(bad),
    );
  }
});

test('presentedToken reads Bearer, and Basic with the token as the password', () => {
  assert.equal(presentedToken(`Bearer ${TOKEN}`), TOKEN);
  assert.equal(presentedToken(`bearer  ${TOKEN}`), TOKEN);
  assert.equal(presentedToken(`Basic ${Buffer.from(`ops:${TOKEN}`).toString('base64')}`), TOKEN);
  assert.equal(presentedToken(`Basic ${Buffer.from(`:${TOKEN}`).toString('base64')}`), TOKEN);
  assert.equal(presentedToken(`Basic ${Buffer.from(TOKEN).toString('base64')}`), null, 'no password');
  assert.equal(presentedToken(undefined), null);
  assert.equal(presentedToken(`Token ${TOKEN}`), null);
});

describe('with METRICS_TOKEN set', () => {
  /** @type {Awaited<ReturnType<typeof startApp>>} */
  let app;
  before(async () => {
    app = await startApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  after(() => app?.close());

  test('no token, a wrong one or another scheme: 401 with a challenge the browser and Prometheus understand', async () => {
    for (const path of GUARDED) {
      for (const authorization of [null, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Token ${TOKEN}`]) {
        const res = await fetch(`${app.url}${path}`, { headers: authorization ? { authorization } : {} });
        assert.equal(res.status, 401, `${path} with ${authorization}`);
        assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer realm="[^"]+", Basic realm=/);
        assert.equal(res.headers.get('cache-control'), 'no-store');
        const text = await res.text();
        assert.doesNotMatch(text, /marquee_|<svg|beacons/, 'nothing of the figures leaks');
      }
    }
  });

  test('the token as Bearer or as the Basic password opens every guarded route', async () => {
    const basic = `Basic ${Buffer.from(`ops:${TOKEN}`).toString('base64')}`;
    for (const path of GUARDED) {
      for (const authorization of [`Bearer ${TOKEN}`, basic]) {
        const res = await fetch(`${app.url}${path}`, { headers: { authorization } });
        assert.equal(res.status, 200, `${path} with ${authorization.split(' ')[0]}`);
        await res.arrayBuffer();
      }
    }
  });

  test('the beacon stays open: every visitor sends one', async () => {
    assert.equal((await postBeacon(app.url, validBeacon())).status, 204);
  });
});

describe('without METRICS_TOKEN', () => {
  /** @type {Awaited<ReturnType<typeof startApp>>} */
  let app;
  before(async () => {
    app = await startApp();
  });
  after(() => app?.close());

  test('the routes are public, as before', async () => {
    for (const path of GUARDED) {
      const res = await fetch(`${app.url}${path}`);
      assert.equal(res.status, 200, path);
      await res.arrayBuffer();
    }
  });
});
