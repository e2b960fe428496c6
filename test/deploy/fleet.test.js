// @ts-check
// A fleet as `npm run fleet` starts it (deploy/lib/fleet.js): one catalog,
// three instances of the production bundle behind real nginx, Prometheus
// scraping each. What a fleet must get right: one visitor across instances,
// HTTPS seen through the proxy, the early head not held by it, field TTI
// summed across instances, and an instance taken out under load losing nothing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Agent } from 'undici';
import { loadConfig } from '../../server/config/load.js';
import { BUCKETS } from '../../server/field-metrics/aggregate.js';
import { startFleet } from '../../deploy/lib/fleet.js';
import { setCatalogLatency } from '../helpers/catalog.js';
import { ensureFleetTools } from '../../deploy/lib/debian-packages.js';
import { validBeacon, postBeacon } from '../helpers/beacons.js';
import { rawGet } from '../helpers/raw-get.js';
import { addThroughApp, listThroughApp, newVisitor, titleIds } from '../helpers/visitor-data.js';
import { startApp } from '../../deploy/lib/processes.js';

const SECRET = 'a-secret-every-instance-of-this-fleet-shares-0123';

describe('FLEET=1: the configuration a fleet needs', () => {
  test('refuses to start without COOKIE_SECRET, saying why', () => {
    assert.throws(
      () => loadConfig({ FLEET: '1', CATALOG_URL: 'http://127.0.0.1:4000' }),
      /FLEET=1 without COOKIE_SECRET: each instance would sign visitor cookies with its own random secret/,
    );
  });

  test('refuses to start without CATALOG_URL: each instance would have its own visitors', () => {
    assert.throws(() => loadConfig({ FLEET: '1', COOKIE_SECRET: SECRET }), /FLEET=1 without CATALOG_URL/);
  });

  test('a lone instance still starts without COOKIE_SECRET, in production too (npm start)', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    assert.equal(config.cookie.ephemeral, true);
    assert.equal(config.fleet, false);
  });
});

describe('three instances behind nginx, Prometheus scraping them', () => {
  /** @type {Awaited<ReturnType<typeof startFleet>>} */
  let fleet;
  /** @type {string[]} */
  let ids;

  before(async () => {
    ensureFleetTools();
    fleet = await startFleet({
      instances: 3,
      env: {
        COOKIE_SECRET: SECRET,
        // Every beacon of this test comes from one address (nginx forwards 127.0.0.1).
        BEACON_RATE_PER_MIN: '100000',
        // Long enough for nginx to send requests to a draining instance, short for the test.
        DRAIN_DELAY_MS: '1000',
        LOG_LEVEL: 'warn',
      },
      catalogEnv: { VISITOR_STORE: 'sqlite' },
      scrapeInterval: '500ms',
    });
    ids = await titleIds(fleet.catalogUrl, 3);
  });
  after(() => fleet?.stop());

  test('a title added through one instance is in the list through the others, and through nginx', async () => {
    const [a, b, c] = fleet.instances;
    const { cookie } = await newVisitor(fleet.url);
    const added = await addThroughApp(a.url, cookie, ids[0]);
    assert.equal(added.status, 200);
    await addThroughApp(b.url, cookie, ids[1]);
    for (const url of [a.url, b.url, c.url, fleet.url]) {
      assert.deepEqual(await listThroughApp(url, cookie), [ids[1], ids[0]], `the list as ${url} reads it`);
    }
  });

  test('an instance started without COOKIE_SECRET makes the same visitor a new one (why FLEET=1 refuses that)', async () => {
    const { cookie } = await newVisitor(fleet.url);
    await addThroughApp(fleet.url, cookie, ids[2]);
    // No FLEET=1: a lone instance on the fleet's catalog, signing with a random secret.
    const stranger = await startApp({
      catalogUrl: fleet.catalogUrl,
      env: { COOKIE_SECRET: '', LOG_LEVEL: 'warn', DRAIN_DELAY_MS: '0' },
      cpus: null,
    });
    try {
      assert.deepEqual(await listThroughApp(fleet.url, cookie), [ids[2]]);
      const landed = await fetch(`${stranger.url}/healthz`, { headers: { cookie } });
      await landed.arrayBuffer();
      const reissued = /marquee_visitor=[^;]+/.exec(landed.headers.get('set-cookie') ?? '')?.[0];
      assert.ok(reissued && reissued !== cookie, 'the cookie is rejected and a new visitor id handed out');
      assert.deepEqual(await listThroughApp(stranger.url, cookie), [], 'their list is not there');
    } finally {
      await stranger.stop();
    }
  });

  test('the visitor cookie is Secure over HTTPS through nginx, and a client cannot claim HTTPS itself', async () => {
    const cert = readFileSync(path.join(fleet.dir, 'nginx', 'tls.crt'), 'utf8');
    const dispatcher = new Agent({ connect: { ca: cert } });
    try {
      const https = await fetch(`${fleet.httpsUrl}/healthz`, /** @type {RequestInit} */ ({ dispatcher }));
      await https.arrayBuffer();
      assert.match(https.headers.get('set-cookie') ?? '', /marquee_visitor=.*; Secure/);
    } finally {
      await dispatcher.close();
    }
    const spoofed = await fetch(`${fleet.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    await spoofed.arrayBuffer();
    assert.match(spoofed.headers.get('set-cookie') ?? '', /marquee_visitor=/);
    assert.doesNotMatch(spoofed.headers.get('set-cookie') ?? '', /Secure/);
  });

  test('the page head arrives through nginx while the catalog is still answering', async () => {
    const { cookie } = await newVisitor(fleet.url);
    await setCatalogLatency(fleet.catalogUrl, 400);
    try {
      const page = await rawGet(`${fleet.url}/`, { cookie });
      assert.equal(page.status, 200);
      const first = page.chunks[0];
      assert.match(first.bytes.toString('utf8'), /<!doctype html>/i, 'the first chunk is the page head');
      assert.ok(
        page.totalMs - first.at > 250,
        `head at ${first.at.toFixed(0)} ms, page done at ${page.totalMs.toFixed(0)} ms: nginx held the head back`,
      );
    } finally {
      await setCatalogLatency(fleet.catalogUrl, 0);
    }
  });

  test('beacons sent to different instances come back from Prometheus as one p75, the p75 of all of them', async () => {
    const values = Array.from({ length: 60 }, (_, i) => 150 + ((i * 797) % 2900));
    for (const appTTI of values) {
      const res = await postBeacon(fleet.url, validBeacon({ metrics: { ...validBeacon().metrics, appTTI } }));
      assert.equal(res.status, 204);
    }
    // nginx spread them: every instance holds some, none all.
    for (const instance of fleet.instances) {
      const count = await appTTICount(instance.url);
      assert.ok(count > 0 && count < values.length, `${instance.url} received ${count} of ${values.length}`);
    }

    await until(async () => Number((await promQuery(fleet.prometheusUrl, COUNT))[0]?.value[1]) === values.length);
    const [p75] = await promQuery(fleet.prometheusUrl, P75);
    const fromPrometheus = Number(p75.value[1]);
    const sorted = [...values].sort((x, y) => x - y);
    const exact = sorted[Math.ceil(0.75 * sorted.length) - 1];
    // Within the histogram's resolution: the bucket that holds the exact p75.
    const upper = BUCKETS.ms.find((bound) => bound >= exact) ?? Infinity;
    const lower = [...BUCKETS.ms].reverse().find((bound) => bound < exact) ?? 0;
    assert.ok(
      fromPrometheus >= lower && fromPrometheus <= upper,
      `Prometheus p75 ${fromPrometheus} outside the bucket (${lower}, ${upper}] of the exact p75 ${exact}`,
    );

    const rules = await (await fetch(`${fleet.prometheusUrl}/api/v1/rules`)).json();
    const recorded = rules.data.groups.flatMap((/** @type {any} */ g) => g.rules);
    assert.ok(recorded.some((/** @type {any} */ r) => r.name === 'route_metric:marquee_browser_metric_ms:p75_5m'));
    await until(async () => {
      const now = (await (await fetch(`${fleet.prometheusUrl}/api/v1/rules`)).json()).data.groups.flatMap(
        (/** @type {any} */ g) => g.rules,
      );
      return now.every((/** @type {any} */ r) => r.health === 'ok');
    });
  });

  test('SIGTERM to one instance under load: nginx loses no request', async () => {
    const [victim] = fleet.instances;
    const dispatcher = new Agent({ connections: 20 });
    /** @type {Map<string, number>} */
    const outcomes = new Map();
    let running = true;
    const count = (/** @type {string} */ key) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    const worker = async () => {
      while (running) {
        try {
          const res = await fetch(`${fleet.url}/`, /** @type {RequestInit} */ ({ dispatcher }));
          const body = await res.text();
          count(res.status === 200 && body.includes('</html>') ? 'ok' : `status ${res.status}`);
        } catch (error) {
          count(`error ${/** @type {Error} */ (error).cause ?? error}`);
        }
      }
    };
    const load = Promise.all(Array.from({ length: 16 }, worker));
    const served = () => outcomes.get('ok') ?? 0;
    try {
      // Under load before the SIGTERM: pages served (polled, not a fixed 1 s
      // that a loaded machine may spend starting the workers). 48: three per
      // worker, so nginx has sent pages to every instance, the victim included.
      await until(async () => served() >= 48 || outcomes.size > 1, 30_000);
      const before = served();
      const code = await victim.stop();
      assert.equal(code, 0, 'the instance drained and exited cleanly');
      // And after it exited: as many pages again, through nginx, with one
      // instance gone (polled: what the check needs is pages, not a duration).
      // A failed request ends either wait at once: the check below names it.
      const atExit = served();
      await until(async () => served() >= atExit + 48 || outcomes.size > 1, 30_000);
      running = false;
      await load;
      const ok = served();
      assert.ok(before > 0 && ok > before, `pages served: ${before} before the SIGTERM, ${ok} in all`);
      assert.deepEqual(Object.fromEntries(outcomes), { ok }, 'every request answered with a whole page');
    } finally {
      running = false;
      await load;
      await dispatcher.close();
    }
  });
});

const COUNT = 'sum(marquee_browser_metric_ms_count{metric="appTTI",route="/"})';
const P75 = 'histogram_quantile(0.75, sum by (le) (marquee_browser_metric_ms_bucket{metric="appTTI",route="/"}))';

/** @param {string} prometheusUrl @param {string} query @returns {Promise<{ value: [number, string] }[]>} */
async function promQuery(prometheusUrl, query) {
  const res = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(query)}`);
  const body = await res.json();
  if (body.status !== 'success') throw new Error(`Prometheus: ${JSON.stringify(body)}`);
  return body.data.result;
}

/** @param {string} appUrl */
async function appTTICount(appUrl) {
  const text = await (await fetch(`${appUrl}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith('marquee_browser_metric_ms_count{') && l.includes('metric="appTTI"'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** @param {() => Promise<boolean>} check */
async function until(check, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not true after ${timeoutMs} ms: ${check}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
