// @ts-check
// Writes to /model.json only from the site's own pages (issue 14): the rule
// on its own, then through the app, where a refused write must never mint a
// visitor nor touch the victim's cookie. Headers are set by hand here, as a
// browser would send them; test/browser/cross-site.test.js drives Chromium.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { crossSiteRefusal } from '../../server/middleware/same-origin-writes.js';
import { loadConfig } from '../../server/config/load.js';
import { startApp } from '../helpers/app.js';

const enc = (/** @type {unknown} */ v) => encodeURIComponent(JSON.stringify(v));
const FORM = 'application/x-www-form-urlencoded';

describe('crossSiteRefusal: the rule', () => {
  /** @type {[string, string | undefined, string | undefined, string | null, string, boolean][]} */
  const cases = [
    // what, Sec-Fetch-Site, Origin, PUBLIC_ORIGIN, Host, allowed
    ['same-origin', 'same-origin', 'http://127.0.0.1:3000', null, '127.0.0.1:3000', true],
    ['typed by the user (none)', 'none', undefined, null, '127.0.0.1:3000', true],
    ['same-site (another port)', 'same-site', 'http://127.0.0.1:4000', null, '127.0.0.1:3000', false],
    ['cross-site', 'cross-site', 'http://localhost:4000', null, '127.0.0.1:3000', false],
    ['cross-site with a lying Origin', 'cross-site', 'http://127.0.0.1:3000', null, '127.0.0.1:3000', false],
    ['no Sec-Fetch-Site, own Origin', undefined, 'http://films.example', null, 'films.example', true],
    [
      'no Sec-Fetch-Site, default port written out',
      undefined,
      'https://films.example',
      null,
      'films.example:443',
      true,
    ],
    ['no Sec-Fetch-Site, host in capitals', undefined, 'http://films.example', null, 'FILMS.example', true],
    ['no Sec-Fetch-Site, another Origin', undefined, 'http://evil.example', null, 'films.example', false],
    ['no Sec-Fetch-Site, another port', undefined, 'http://films.example:8080', null, 'films.example', false],
    ['Origin: null', undefined, 'null', null, 'films.example', false],
    ['Origin is junk', undefined, 'not a url', null, 'films.example', false],
    ['PUBLIC_ORIGIN matches', undefined, 'https://films.example', 'https://films.example', '10.0.0.5:3000', true],
    ['PUBLIC_ORIGIN: http is not https', undefined, 'http://films.example', 'https://films.example', 'x', false],
    [
      'PUBLIC_ORIGIN: Host is not enough',
      undefined,
      'http://10.0.0.5:3000',
      'https://films.example',
      '10.0.0.5:3000',
      false,
    ],
    ['no header at all: not a browser', undefined, undefined, null, 'films.example', true],
  ];
  for (const [what, fetchSite, origin, publicOrigin, host, allowed] of cases) {
    test(`${what}: ${allowed ? 'allowed' : 'refused'}`, () => {
      const refusal = crossSiteRefusal(fetchSite, origin, publicOrigin, host);
      assert.equal(refusal === null, allowed, `got ${refusal}`);
    });
  }
});

describe('TRUST_PROXY and PUBLIC_ORIGIN in the configuration', () => {
  test('TRUST_PROXY: off, a hop count, or proxy addresses; never "true"', () => {
    assert.equal(loadConfig({}).security.trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '1' }).security.trustProxy, 1);
    assert.deepEqual(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, ::1' }).security.trustProxy, [
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
    for (const bad of ['true', '0', '10.0.0.0/33', 'proxy.local', '1.2.3.4/8/1']) {
      assert.throws(() => loadConfig({ TRUST_PROXY: bad }), /TRUST_PROXY=/, bad);
    }
  });

  test('PUBLIC_ORIGIN: an origin, as browsers send it', () => {
    assert.equal(loadConfig({}).security.publicOrigin, null);
    assert.equal(
      loadConfig({ PUBLIC_ORIGIN: 'https://Films.example:443/' }).security.publicOrigin,
      'https://films.example',
    );
    for (const bad of [
      'films.example',
      'https://films.example/app',
      'ftp://films.example',
      'https://u:p@films.example',
    ]) {
      assert.throws(() => loadConfig({ PUBLIC_ORIGIN: bad }), /PUBLIC_ORIGIN=/, bad);
    }
  });
});

/**
 * @param {string} url the app
 * @param {string} body form fields
 * @param {Record<string, string>} headers
 */
function postModel(url, body, headers = {}) {
  return fetch(`${url}/model.json`, { method: 'POST', headers: { 'content-type': FORM, ...headers }, body });
}

/** @param {string} url @param {string} cookie */
async function myListLength(url, cookie) {
  const res = await fetch(`${url}/model.json?method=get&paths=${enc([['myList', 'length']])}`, { headers: { cookie } });
  return (await res.json()).jsonGraph.myList.length;
}

/** A visitor of its own: the cookie from a first page view. @param {string} url */
async function newVisitor(url) {
  const res = await fetch(`${url}/model.json?method=get&paths=${enc([['lists', 0, { from: 0, to: 1 }]])}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  assert.match(cookie, /^marquee_visitor=/);
  const { jsonGraph } = await res.json();
  return { cookie, ids: [0, 1].map((i) => /** @type {string} */ (jsonGraph.lists[0][i].value[1])) };
}

const addCall = (/** @type {string} */ id) =>
  `method=call&callPath=${enc(['myList', 'add'])}&arguments=${enc([id])}&pathSuffixes=${enc([])}&paths=${enc([])}`;

describe('through the app', () => {
  /** @type {Awaited<ReturnType<typeof startApp>>} */
  let app;
  before(async () => {
    app = await startApp();
  });
  after(() => app?.close());

  test('a cross-site or same-site write is 403, sets no cookie, and changes nothing', async () => {
    const victim = await newVisitor(app.url);
    const own = await postModel(app.url, addCall(victim.ids[0]), {
      cookie: victim.cookie,
      'sec-fetch-site': 'same-origin',
      origin: app.url,
    });
    assert.equal(own.status, 200, 'the site itself may write');
    assert.equal(await myListLength(app.url, victim.cookie), 1);

    for (const [what, headers] of /** @type {[string, Record<string, string>][]} */ ([
      // SameSite=Lax: a cross-site POST carries no cookie; this is what minted a new visitor before.
      ['cross-site, no cookie', { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:1' }],
      // Another port of the same host is same-site: the browser does send the cookie.
      [
        'same-site, with the cookie',
        { 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:1', cookie: victim.cookie },
      ],
      ['another Origin, no Sec-Fetch-Site', { origin: 'http://evil.example', cookie: victim.cookie }],
    ])) {
      const res = await postModel(app.url, addCall(victim.ids[1]), headers);
      assert.equal(res.status, 403, what);
      assert.equal(res.headers.get('set-cookie'), null, `${what}: a refused write must not set a cookie`);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.match((await res.json()).error, /^cross-site write refused/);
    }
    assert.equal(await myListLength(app.url, victim.cookie), 1, "the victim's list is as it was");
  });

  test('text/plain, multipart and untyped bodies are 415 before a visitor is minted', async () => {
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', null]) {
      const res = await fetch(`${app.url}/model.json`, {
        method: 'POST',
        headers: type ? { 'content-type': type, 'sec-fetch-site': 'same-origin' } : { 'sec-fetch-site': 'same-origin' },
        body: type ? addCall('x') : new Blob([addCall('x')]),
      });
      assert.equal(res.status, 415, String(type));
      assert.equal(res.headers.get('set-cookie'), null, `${type}: no cookie`);
    }
  });

  test('reads stay open to any site (no JSONP, and CORS keeps the answer from other pages)', async () => {
    const res = await fetch(`${app.url}/model.json?method=get&paths=${enc([['lists', 'length']])}`, {
      headers: { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:1' },
    });
    assert.equal(res.status, 200);
  });

  test('a client that is not a browser (no Origin, no Sec-Fetch-Site) writes as its own visitor', async () => {
    const { ids } = await newVisitor(app.url);
    const res = await postModel(app.url, addCall(ids[0]));
    assert.equal(res.status, 200);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    assert.match(cookie, /^marquee_visitor=/, 'a new visitor of its own');
    assert.equal(await myListLength(app.url, cookie), 1);
  });

  test('the visitor cookie is not Secure over plain http, and X-Forwarded-Proto is ignored without TRUST_PROXY', async () => {
    const res = await fetch(`${app.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    assert.doesNotMatch(res.headers.get('set-cookie') ?? '', /;\s*Secure/i);
  });
});

describe('behind a proxy', () => {
  /** @type {Awaited<ReturnType<typeof startApp>>} */
  let app;
  before(async () => {
    app = await startApp({ env: { TRUST_PROXY: 'loopback' } });
  });
  after(() => app?.close());

  test('TRUST_PROXY: X-Forwarded-Proto https makes the cookie Secure, X-Forwarded-Host is the site', async () => {
    const secure = await fetch(`${app.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    assert.match(secure.headers.get('set-cookie') ?? '', /;\s*Secure/i);
    const plain = await fetch(`${app.url}/healthz`);
    assert.doesNotMatch(plain.headers.get('set-cookie') ?? '', /;\s*Secure/i);

    const { ids } = await newVisitor(app.url);
    const proxied = { 'x-forwarded-host': 'films.example', 'x-forwarded-proto': 'https' };
    const ok = await postModel(app.url, addCall(ids[0]), { ...proxied, origin: 'https://films.example' });
    assert.equal(ok.status, 200, 'Origin matches the host the proxy was asked for');
    const refused = await postModel(app.url, addCall(ids[0]), { ...proxied, origin: app.url });
    assert.equal(refused.status, 403, "the app's own address is not the site behind the proxy");
  });
});

describe('COOKIE_SECURE=1 and PUBLIC_ORIGIN', () => {
  /** @type {Awaited<ReturnType<typeof startApp>>} */
  let app;
  before(async () => {
    app = await startApp({ env: { COOKIE_SECURE: '1', PUBLIC_ORIGIN: 'https://films.example' } });
  });
  after(() => app?.close());

  test('COOKIE_SECURE=1 forces Secure even over plain http', async () => {
    const res = await fetch(`${app.url}/healthz`);
    assert.match(res.headers.get('set-cookie') ?? '', /;\s*Secure/i);
  });

  test('PUBLIC_ORIGIN is the only Origin a write may come from', async () => {
    const { ids } = await newVisitor(app.url);
    assert.equal((await postModel(app.url, addCall(ids[0]), { origin: 'https://films.example' })).status, 200);
    assert.equal((await postModel(app.url, addCall(ids[0]), { origin: app.url })).status, 403);
  });
});
