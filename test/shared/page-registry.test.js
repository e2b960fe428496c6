// @ts-check
// The server's one decision on a page address (shared/pages/registry.js
// pageParams): Express matched the entry's template, the registry checks the
// params it matched against their shapes and the address's exact spelling,
// and agrees with the client's matchRoute on every address.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PAGES, matchRoute, pageParams } from '../../shared/pages/registry.js';

const [home, title, genre, genrePage] = PAGES;

test('params that fit their shapes and spell the address: the page', () => {
  assert.deepEqual(pageParams(home, '/', {}), {});
  assert.deepEqual(pageParams(title, '/title/heat-1995', { id: 'heat-1995' }), { id: 'heat-1995' });
  assert.deepEqual(pageParams(genrePage, '/genre/drama/2', { slug: 'drama', page: '2' }), {
    slug: 'drama',
    page: '2',
  });
});

test('a param out of its shape, or an address spelled otherwise: not this page', () => {
  assert.equal(pageParams(title, '/title/Not_A_Slug', { id: 'Not_A_Slug' }), null);
  assert.equal(pageParams(genrePage, '/genre/drama/1', { slug: 'drama', page: '1' }), null, 'page 1 is /genre/drama');
  // What Express's non-strict, case-blind, decoding match lets through.
  assert.equal(pageParams(title, '/title/heat-1995/', { id: 'heat-1995' }), null);
  assert.equal(pageParams(title, '/TITLE/heat-1995', { id: 'heat-1995' }), null);
  assert.equal(pageParams(title, '/title/heat%2D1995', { id: 'heat-1995' }), null);
  assert.equal(pageParams(genre, '/genre/drama', {}), null, 'a missing param');
});

test('the server and the client agree on every address', () => {
  const addresses = ['/', '/title/heat-1995', '/title/heat-1995/', '/genre/drama', '/genre/drama/3', '/genre/x/1'];
  for (const address of addresses) {
    const route = matchRoute(address);
    for (const entry of PAGES) {
      const keys = [...entry.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      // What Express would match from the template, loosely: one value per segment.
      const pattern = new RegExp(`^${entry.path.replace(/:\w+/g, '([^/]+)')}/?$`, 'i');
      const match = pattern.exec(address);
      if (!match) continue;
      const params = Object.fromEntries(keys.map((key, i) => [key, decodeURIComponent(match[i + 1])]));
      const fit = pageParams(entry, address, params);
      const expected = route?.template === entry.path ? route.params : null;
      assert.deepEqual(fit, expected, `${address} on ${entry.path}`);
    }
  }
});
