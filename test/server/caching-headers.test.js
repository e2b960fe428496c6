// @ts-check
// Who may keep what (docs/delivery.md): hashed assets for a year; pages and
// /model.json, which carry the visitor's data, in no shared cache and never
// reused without asking again, yet not barred from the back/forward cache
// (`no-store` on a page, or on a fetch it made, bars it); error pages nowhere,
// so a passing failure is never replayed from a cache.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../helpers/app.js';
import { rawGet } from '../helpers/raw-get.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  app = await startApp({
    extraRoutes(routes) {
      routes.add('get', '/test/caching-boom', () => {
        throw new Error('boom');
      });
    },
  });
});
after(() => app?.close());

const html = { accept: 'text/html', 'accept-encoding': 'br, gzip' };

test('the home page is private, asked again before reuse, and not barred from the back/forward cache', async () => {
  const res = await rawGet(`${app.url}/`, html);
  assert.equal(res.status, 200);
  assert.equal(res.headers['cache-control'], 'private, no-cache');
});

test('/model.json is private and asked again before reuse (a no-store fetch bars the page from the back/forward cache)', async () => {
  const paths = encodeURIComponent(JSON.stringify([['lists', 'length']]));
  const res = await rawGet(`${app.url}/model.json?method=get&paths=${paths}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers['cache-control'], 'private, no-cache');
});

test("one page view's prefetched rows (`view`) may be reused a while, privately; an empty view names none", async () => {
  const paths = encodeURIComponent(JSON.stringify([['lists', 'length']]));
  const res = await rawGet(`${app.url}/model.json?method=get&paths=${paths}&view=1764360000000.5`);
  assert.equal(res.status, 200);
  assert.equal(res.headers['cache-control'], 'private, max-age=300');
  const without = await rawGet(`${app.url}/model.json?method=get&paths=${paths}&view=`);
  assert.equal(without.headers['cache-control'], 'private, no-cache', 'an empty view names none');
});

for (const [label, path, status] of /** @type {const} */ ([
  ['the 404 page', '/no/such/page', 404],
  ['a missing asset', '/assets/index-AAAAAAAA.js', 404],
  ['the manifest (not content-hashed, so not served)', '/assets/manifest.json', 404],
  ['the 500 page', '/test/caching-boom', 500],
])) {
  test(`${label} is ${status} and not cached`, async () => {
    const res = await rawGet(app.url + path, html);
    assert.equal(res.status, status);
    assert.equal(res.headers['cache-control'], 'no-store', 'an error must not be kept by a browser or CDN');
  });
}
