// @ts-check
// Exercise 10 (perf/exercises/10-data-layer): GRAPH_CACHE_TTL_MS=0 sends
// every page's catalog paths through the Falcor router and upstream; with the
// process-wide graph cache, a second page asks the catalog nothing. Behaviour,
// not speed: upstream calls counted on an in-memory catalog.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../server/config/load.js';
import { createPageData } from '../../server/page-data/index.js';
import { createCatalogClients } from '../../server/upstream/index.js';
import { query } from '../../shared/pages/home.js';
import { createFakeUpstream } from '../helpers/fake-upstream.js';
import { startAppOnFake } from '../helpers/app-on-fake.js';

/**
 * Upstream calls of two first-visit home pages, one after the other.
 * @param {Record<string, string>} env
 */
async function callsPerPage(env) {
  const upstream = createFakeUpstream({ latencyMs: 0 });
  const clients = createCatalogClients(/** @type {any} */ (upstream));
  const { graphCache } = loadConfig({ NODE_ENV: 'test', ...env });
  // The app's own wiring (server/page-data/index.js), as pages read it.
  const data = createPageData({ clients, graphCache });
  try {
    const calls = [];
    for (let page = 0; page < 2; page++) {
      const before = upstream.calls.length;
      await data.pageDataFor(/** @type {any} */ ({ visitorIsNew: true })).get(...query({}, { rows: 3 }));
      calls.push(upstream.calls.length - before);
    }
    return calls;
  } finally {
    data.close();
  }
}

test('GRAPH_CACHE_TTL_MS=0: every page asks the catalog again', async () => {
  const [first, second] = await callsPerPage({ GRAPH_CACHE_TTL_MS: '0' });
  assert.ok(first > 0);
  assert.equal(second, first);
});

test('the shared graph cache: the second page asks the catalog nothing', async () => {
  const [first, second] = await callsPerPage({});
  assert.ok(first > 0);
  assert.equal(second, 0, `the second page asked the catalog ${second} times, the first ${first}`);
});

test('the app: pages read the shared cache, so a second first visit asks the catalog nothing', async () => {
  for (const [env, cached] of /** @type {const} */ ([
    [{}, true],
    [{ GRAPH_CACHE_TTL_MS: '0' }, false],
  ])) {
    const app = await startAppOnFake({ env });
    try {
      // No cookie: each page is a first visit, whose rows are the same for everyone.
      const asked = [];
      for (let page = 0; page < 2; page++) {
        const before = app.catalogRequests.length;
        const res = await fetch(`${app.url}/`);
        assert.equal(res.status, 200);
        // The whole page: its head is flushed before its data is read.
        assert.match(await res.text(), /<li class="card"/);
        asked.push(app.catalogRequests.length - before);
      }
      assert.ok(asked[0] > 0, `${JSON.stringify(env)}: the first page fills the cache`);
      assert.equal(
        asked[1] === 0,
        cached,
        `${JSON.stringify(env) === '{}' ? 'the normal app' : JSON.stringify(env)}: catalog requests for two first visits: ${asked.join(' then ')}`,
      );
    } finally {
      await app.close();
    }
  }
});
