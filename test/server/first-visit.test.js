// @ts-check
// A first visit asks the catalog nothing about the visitor: the id was minted
// by that very request, so it has no list and no ratings yet. A returning
// visitor's page does ask (and shows what they saved).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../helpers/app.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  app = await startApp();
});
after(() => app?.close());

/** Upstream calls about visitors so far, from /metrics. */
async function visitorCalls() {
  const text = await (await fetch(`${app.url}/metrics`)).text();
  return [...text.matchAll(/^marquee_upstream_request_duration_seconds_count\{[^}]*path="\/visitors[^}]*\} (\d+)$/gm)]
    .map((m) => Number(m[1]))
    .reduce((a, b) => a + b, 0);
}

test('a first visit to a page makes no upstream call about the visitor', async () => {
  const { ids } = await (await fetch(`${app.catalogUrl}/lists/top-rated?from=0&to=0`)).json();
  for (const path of ['/', `/title/${ids[0]}`]) {
    const before = await visitorCalls();
    const res = await fetch(`${app.url}${path}`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('set-cookie') ?? '', /marquee_visitor=/, 'a first visit: a new visitor');
    await res.text();
    assert.equal(await visitorCalls(), before, `${path}: nothing to ask about a visitor minted by this request`);
  }
});

test("a returning visitor's page asks, and shows their list", async () => {
  const first = await fetch(`${app.url}/healthz`);
  const cookie = /marquee_visitor=[^;]+/.exec(first.headers.get('set-cookie') ?? '')?.[0];
  assert.ok(cookie);
  const { ids } = await (await fetch(`${app.catalogUrl}/lists/top-rated?from=0&to=0`)).json();
  const body = `method=call&callPath=${encodeURIComponent('["myList","add"]')}&arguments=${encodeURIComponent(JSON.stringify(ids))}`;
  const added = await fetch(`${app.url}/model.json`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  assert.equal(added.status, 200);
  const before = await visitorCalls();
  const html = await (await fetch(`${app.url}/`, { headers: { cookie } })).text();
  assert.ok((await visitorCalls()) > before, 'their list is read from the catalog');
  assert.match(html, /<h2 class="row__name" id="row--1-name">My List<\/h2>/);
});
