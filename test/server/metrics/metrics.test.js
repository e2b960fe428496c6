// @ts-check
// GET /metrics through the real app (catalog process included): after some
// traffic, every family issue 6 names is exposed, labels are route templates
// (never raw URLs), and non-streamed responses carry Server-Timing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../../helpers/app.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
/** @type {string} */
let metrics;

const MODEL_URL = '/model.json?method=get&paths=' + encodeURIComponent(JSON.stringify([['lists', 'length']]));

before(async () => {
  app = await startApp();
  for (const path of ['/', MODEL_URL, '/healthz', '/no/such/page?x=1']) {
    const res = await fetch(app.url + path);
    await res.arrayBuffer();
  }
  // One failing upstream call, so the error counter has a sample: a list the
  // page did not read (what it read, the graph cache answers without a call).
  await setFaults({ error: 1, only: '/lists' });
  try {
    await (
      await fetch(
        app.url + '/model.json?method=get&paths=' + encodeURIComponent(JSON.stringify([['lists', 7, 'name']])),
      )
    ).arrayBuffer();
  } finally {
    await setFaults({});
  }
  const res = await fetch(`${app.url}/metrics`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
  metrics = await res.text();
});
after(() => app?.close());

/** @param {object} faults */
async function setFaults(faults) {
  const res = await fetch(`${app.catalogUrl}/_faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  assert.equal(res.status, 200, 'the catalog must accept PUT /_faults');
}

/** @param {string} name */
function family(name) {
  assert.match(metrics, new RegExp(`^# TYPE ${name} `, 'm'), `/metrics must expose ${name}`);
}

/** @param {string} pattern a regexp source matched against whole lines */
function sample(pattern) {
  const line = new RegExp(`^${pattern}$`, 'm').exec(metrics)?.[0];
  assert.ok(line, `/metrics has no sample matching ${pattern}`);
  return Number(line.split(' ').at(-1));
}

test('/metrics: HTTP count and duration per route template and status', () => {
  family('http_requests_total');
  family('http_request_duration_seconds');
  assert.ok(sample('http_requests_total\\{method="GET",route="/",status="200"\\} \\d+') >= 1);
  assert.ok(sample('http_requests_total\\{method="GET",route="/model.json",status="200"\\} \\d+') >= 1);
  assert.ok(
    sample('http_request_duration_seconds_count\\{method="GET",route="\\(unmatched\\)",status="404"\\} \\d+') >= 1,
  );
  assert.doesNotMatch(metrics, /route="[^"]*(\?|paths=|no\/such)/, 'route labels must be templates, never raw URLs');
});

test('/metrics: per-phase page timings (upstream, render, template, total)', () => {
  family('marquee_page_phase_duration_seconds');
  for (const phase of ['upstream', 'render', 'template', 'total']) {
    assert.ok(sample(`marquee_page_phase_duration_seconds_count\\{route="/",phase="${phase}"\\} \\d+`) >= 1, phase);
  }
});

test('/metrics: event-loop delay, utilization, heap, RSS and GC', () => {
  for (const name of [
    'nodejs_eventloop_lag_p50_seconds',
    'nodejs_eventloop_lag_p99_seconds',
    'nodejs_eventloop_lag_max_seconds',
    'nodejs_eventloop_utilization_ratio',
    'nodejs_heap_size_used_bytes',
    'process_resident_memory_bytes',
    'marquee_process_max_rss_bytes',
    'nodejs_gc_duration_seconds',
    'process_cpu_seconds_total',
  ]) {
    family(name);
  }
  const utilization = sample('nodejs_eventloop_utilization_ratio [\\d.e-]+');
  assert.ok(utilization >= 0 && utilization <= 1, `utilization ${utilization} must be within 0..1`);
});

test('/metrics: upstream pool state per pool, call durations and errors', () => {
  for (const state of ['connected', 'free', 'pending', 'queued']) {
    family(`marquee_upstream_pool_${state}`);
    sample(`marquee_upstream_pool_${state}\\{pool="catalog"\\} \\d+`);
  }
  assert.ok(
    sample('marquee_upstream_pool_connected\\{pool="catalog"\\} \\d+') >= 1,
    'the page opened at least one socket',
  );
  const opened = sample('marquee_upstream_connections_opened_total\\{pool="catalog"\\} \\d+');
  const connected = sample('marquee_upstream_pool_connected\\{pool="catalog"\\} \\d+');
  assert.ok(opened >= connected, `sockets opened (${opened}) must count at least those open (${connected})`);
  assert.ok(
    sample(
      'marquee_upstream_request_duration_seconds_count\\{pool="catalog",method="GET",path="/lists",outcome="ok"\\} \\d+',
    ) >= 1,
  );
  assert.ok(
    sample('marquee_upstream_errors_total\\{pool="catalog",method="GET",path="/lists[^"]*",code="http"\\} \\d+') >= 1,
  );
});

test('/metrics: the number of registered routes', () => {
  assert.equal(sample('marquee_routes_registered \\d+'), app.routes.size);
});

test('Server-Timing: on JSON answers (with the upstream phase and rounds on /model.json), not on the streamed page', async () => {
  const model = await fetch(app.url + MODEL_URL);
  await model.arrayBuffer();
  assert.match(
    model.headers.get('server-timing') ?? '',
    /^upstream;dur=[\d.]+, total;dur=[\d.]+, upstream-requests;desc=\d+, upstream-rounds;desc=\d+(, round-\d+;dur=[\d.]+;desc="\d+ requests?")*$/,
  );
  const health = await fetch(`${app.url}/healthz`);
  await health.arrayBuffer();
  assert.match(health.headers.get('server-timing') ?? '', /^total;dur=[\d.]+$/);
  const page = await fetch(app.url);
  await page.arrayBuffer();
  assert.equal(page.headers.get('server-timing'), null, 'a streamed page sends its headers before its timings exist');
  assert.equal(
    page.headers.get('trailer'),
    'Server-Timing, X-Marquee-Degraded',
    'it sends them as a trailer (test/server/upstream/rounds.test.js)',
  );
});
