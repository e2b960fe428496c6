// @ts-check
// A page whose above-the-fold data failed is still a whole 200 (its head was
// flushed first) but says so: a notice outside React's root, the
// X-Marquee-Degraded trailer and marquee_page_degraded_total. And with the
// catalog failing, the circuit opens while the graph cache still serves the
// last good rows (server/pages/degraded.js, server/upstream/breaker.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startApp } from '../../helpers/app.js';

/** @param {string} url @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, trailers: NodeJS.Dict<string>, body: string }>} */
function getWithTrailers(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, trailers: res.trailers, body }),
        );
      })
      .on('error', reject);
  });
}

/** @param {string} catalogUrl @param {object} faults */
async function setFaults(catalogUrl, faults) {
  const res = await fetch(`${catalogUrl}/_faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  assert.equal(res.status, 200);
}

const rowsIn = (/** @type {string} */ html) => (html.match(/data-row-state="loaded"/g) ?? []).length;

test('a page without its above-the-fold data: a whole 200 that says so, in the page, a trailer and /metrics', async () => {
  // No graph cache: every page asks the catalog. No breaker: every page tries.
  const app = await startApp({ env: { GRAPH_CACHE_TTL_MS: '0', UPSTREAM_CIRCUIT_FAILURES: '0' } });
  try {
    const good = await getWithTrailers(`${app.url}/`);
    assert.equal(good.status, 200);
    assert.equal(good.headers.trailer, 'Server-Timing, X-Marquee-Degraded');
    assert.match(good.trailers['server-timing'] ?? '', /total;dur=/);
    assert.equal(good.trailers['x-marquee-degraded'], undefined, 'a whole page has no trailer');
    assert.doesNotMatch(good.body, /page-degraded/);
    assert.ok(rowsIn(good.body) >= 3);

    // Whole pages of every kind, for a returning visitor too, are never taken for degraded ones.
    const cookie = String(good.headers['set-cookie']?.[0]).split(';')[0];
    for (const path of ['/title/the-land-girls-1998', '/genre/drama', '/']) {
      const res = await fetch(`${app.url}${path}`, { headers: { cookie } });
      assert.equal(res.status, 200, path);
      assert.doesNotMatch(await res.text(), /page-degraded/, path);
    }

    await setFaults(app.catalogUrl, { error: 1 });
    const bad = await getWithTrailers(`${app.url}/`);
    assert.equal(bad.status, 200, 'the status was flushed with the head');
    assert.match(bad.body, /<\/html>\s*$/, 'still a whole document');
    assert.equal(rowsIn(bad.body), 0);
    assert.equal(bad.trailers['x-marquee-degraded'], 'upstream_error');
    assert.match(bad.trailers['server-timing'] ?? '', /total;dur=/, 'both trailers, not the last one set');
    assert.match(
      bad.body,
      /<div id="root">[\s\S]*<\/div><p class="page-degraded" role="status">/,
      'said outside the root',
    );

    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    assert.match(metrics, /^marquee_page_degraded_total\{page="home",reason="upstream_error"\} 1$/m);
  } finally {
    await app.close();
  }
});

test('the catalog failing: its circuit opens (in /metrics), and the graph cache still serves the last good rows', async () => {
  const app = await startApp({
    env: { GRAPH_CACHE_TTL_MS: '100', UPSTREAM_CIRCUIT_FAILURES: '3', UPSTREAM_CIRCUIT_COOLDOWN_MS: '60000' },
  });
  try {
    // A first visit asks the catalog nothing about the visitor: all its data is catalog data.
    const warm = await getWithTrailers(`${app.url}/`);
    const rows = rowsIn(warm.body);
    assert.ok(rows >= 3);
    let metrics = await (await fetch(`${app.url}/metrics`)).text();
    assert.match(metrics, /^marquee_upstream_circuit_state\{pool="catalog",state="closed"\} 1$/m);

    await setFaults(app.catalogUrl, { error: 1 });
    // The cache's refreshes (every 100 ms) fail, and open the circuit.
    const started = performance.now();
    while (performance.now() - started < 10_000) {
      metrics = await (await fetch(`${app.url}/metrics`)).text();
      if (/^marquee_upstream_circuit_state\{pool="catalog",state="open"\} 1$/m.test(metrics)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.match(metrics, /^marquee_upstream_circuit_state\{pool="catalog",state="open"\} 1$/m);
    assert.match(metrics, /^marquee_upstream_circuit_opened_total\{pool="catalog"\} 1$/m);

    const stale = await getWithTrailers(`${app.url}/`);
    assert.equal(stale.status, 200);
    assert.equal(rowsIn(stale.body), rows, 'the last good rows, from the cache');
    // /readyz fails at once: the circuit is open, nothing is sent.
    const readyz = await fetch(`${app.url}/readyz`);
    assert.equal(readyz.status, 503);
    assert.deepEqual(await readyz.json(), { ok: false, catalog: 'circuit-open' });
  } finally {
    await app.close();
  }
});
