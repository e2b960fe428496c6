// @ts-check
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../helpers/app.js';
import { DuplicateRouteError } from '../../server/errors.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  app = await startApp({
    extraRoutes(routes) {
      routes.add('get', '/test/boom', () => {
        throw new Error('secret internal detail');
      });
    },
  });
});
after(() => app?.close());

test('GET /healthz and /readyz answer 200 once the app can serve', async () => {
  const health = await fetch(`${app.url}/healthz`);
  assert.equal(health.status, 200);
  const ready = await fetch(`${app.url}/readyz`);
  assert.equal(ready.status, 200, 'readyz must reach the catalog');
});

test('createApp: a duplicate route is a start-up error', async () => {
  await assert.rejects(
    startApp({
      extraRoutes(routes) {
        routes.add('get', '/healthz', (_req, res) => res.end());
      },
    }),
    DuplicateRouteError,
  );
});

test('an unknown path gets the 404 page, not cached', async () => {
  const res = await fetch(`${app.url}/no/such/page`, { headers: { accept: 'text/html' } });
  assert.equal(res.status, 404);
  assert.match(res.headers.get('content-type') ?? '', /text\/html/);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.match(await res.text(), /Page not found/);
});

test('a failing handler gets the 500 page with no stack or internal message', async () => {
  const res = await fetch(`${app.url}/test/boom`, { headers: { accept: 'text/html' } });
  assert.equal(res.status, 500);
  const html = await res.text();
  assert.match(html, /Something went wrong/);
  assert.doesNotMatch(html, /secret internal detail|at .*\.js:\d+/);
});

test('every page carries security headers and a fresh CSP nonce', async () => {
  const nonces = new Set();
  for (let i = 0; i < 3; i += 1) {
    const res = await fetch(`${app.url}/no/such/page`);
    await res.arrayBuffer();
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    assert.ok(nonce, 'the CSP must carry a nonce');
    nonces.add(nonce);
  }
  assert.equal(nonces.size, 3, 'each response needs its own nonce');
});

test('GET / puts its CSP nonce on every inline script and style, fresh per response', async () => {
  /** The nonce attribute as the browser reads it: the template escapes "=" as &#x3D;. @param {string} tag */
  const nonceOf = (tag) =>
    /\snonce="([^"]*)"/
      .exec(tag)?.[1]
      .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)));
  const nonces = [];
  for (let i = 0; i < 2; i += 1) {
    const res = await fetch(app.url);
    assert.equal(res.status, 200);
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(csp)?.[1];
    assert.ok(nonce, `the CSP of / must allow scripts by nonce (got ${JSON.stringify(csp)})`);
    assert.match(csp, new RegExp(`style-src[^;]*'nonce-${nonce.replace(/[+/=]/g, '\\$&')}'`), 'style-src: same nonce');
    const html = await res.text();
    const inline = (html.match(/<(script|style)\b[^>]*>/g) ?? []).filter((tag) => !/\ssrc=/.test(tag));
    assert.ok(
      inline.some((tag) => tag.startsWith('<style')),
      'the page inlines its critical CSS',
    );
    assert.ok(
      inline.some((tag) => tag.includes('id="marquee-data"')),
      'the page inlines its cache script',
    );
    // The hide sender (issue 37) runs from the head, under that nonce: the beacon of a page left before measurement.
    const head = html.slice(0, html.indexOf('</head>'));
    const early = head.split('<script').find((part) => part.includes('__marqueeEarly')) ?? '';
    assert.match(early, /^ nonce="[^"]+">.*\/perf\/beacon.*<\/script>/s, 'the head holds the hide sender');
    for (const tag of inline) {
      assert.equal(nonceOf(tag), nonce, `${tag} must carry the response's CSP nonce, or the browser blocks it`);
    }
    nonces.push(nonce);
  }
  assert.notEqual(nonces[0], nonces[1], 'each response of / needs its own nonce: a reused one can be replayed');
});
