// @ts-check
// A page address whose param is a key the graph refuses (FORBIDDEN_KEYS:
// `constructor`, `prototype`, `__proto__`…) names nothing: the 404 page, as
// for any unknown id, with no error logged and nothing asked upstream. Before,
// `/title/constructor` fit the title-id shape, the graph refused the key, and
// the page's status read the refusal as the catalog failing: a 503 and an
// error in the log. Every key of the graph's own list, on every page route
// with a param, so a new key or a new route is covered as it comes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import { loadConfig } from '../../../server/config/load.js';
import { createApp } from '../../../server/app.js';
import { FORBIDDEN_KEYS } from '../../../shared/forbidden-keys.js';
import { PAGES } from '../../../shared/pages/registry.js';
import { serveFakeUpstream } from '../../helpers/fake-upstream.js';
import { serveApp } from '../../helpers/serve-app.js';

/** An ordinary value of each param (it fits the shape), for the params not under test. */
const GOOD = { id: 'heat-1995', slug: 'drama', page: '2' };

/** Pino's level of `error`: at or above it, the log says something failed. */
const ERROR_LEVEL = 50;

/** @type {Awaited<ReturnType<typeof serveFakeUpstream>>} */
let catalog;
/** @type {Awaited<ReturnType<typeof serveApp>>} */
let app;
/** @type {{ level: number, msg: string }[]} */
const logged = [];

before(async () => {
  catalog = await serveFakeUpstream();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
  // No catalog cache: every ordinary page asks the catalog, so "nothing asked" below means something.
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', GRAPH_CACHE_TTL_MS: '0' });
  app = await serveApp(
    createApp(config, { catalogUrl: catalog.url, catalogCa: null, log: pino({ level: 'info' }, sink) }),
  );
});
after(async () => {
  await app?.close();
  await catalog?.close();
});

/** @type {Record<string, string>} */
const good = GOOD;

/** Every page route with a param, with each param in turn set to `value`. */
function addressesWith(/** @type {string | null} */ value) {
  return PAGES.flatMap(({ path, params = {} }) =>
    Object.keys(params).map((name) => {
      assert.ok(name in good, `${path}: give :${name} an ordinary value in GOOD`);
      return path.replace(/:(\w+)/g, (_, param) => encodeURIComponent(param === name && value ? value : good[param]));
    }),
  );
}

test('every page route with a param, with ordinary values, asks the catalog (what the test below counts)', async () => {
  assert.ok(addressesWith('constructor').includes('/title/constructor'));
  assert.ok(addressesWith('constructor').includes('/genre/drama/constructor'));
  for (const path of addressesWith(null)) {
    const asked = catalog.requests.length;
    await (await fetch(`${app.url}${path}`)).text();
    assert.ok(catalog.requests.length > asked, `${path}: the catalog is asked`);
  }
});

test('a forbidden key in any page param: the 404 page, no error logged, nothing asked upstream', async () => {
  assert.ok(FORBIDDEN_KEYS.has('constructor') && FORBIDDEN_KEYS.has('__proto__'));
  for (const key of FORBIDDEN_KEYS)
    for (const path of addressesWith(key)) {
      const asked = catalog.requests.length;
      const seen = logged.length;
      const res = await fetch(`${app.url}${path}`);
      const html = await res.text();
      assert.equal(res.status, 404, path);
      assert.match(html, /<title>Page not found · Marquee<\/title>/, path);
      assert.deepEqual(
        catalog.requests.slice(asked).map((request) => request.url),
        [],
        `${path}: nothing asked upstream`,
      );
      // A failing page logs its error before the error page is sent.
      const errors = logged.slice(seen).filter((line) => line.level >= ERROR_LEVEL);
      assert.deepEqual(errors, [], `${path}: no error logged`);
    }
});
