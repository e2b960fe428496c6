// @ts-check
// Per-visitor data through /model.json with real cookies: two visitors never
// read or change each other's list or ratings, and a forged or tampered
// cookie gets a brand-new visitor, never someone else's data.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../helpers/app.js';

const COOKIE = 'marquee_visitor';
const FILM = 'the-land-girls-1998';
const OTHER_FILM = 'the-godfather-1972';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  app = await startApp();
});
after(() => app?.close());

/** A visitor as the browser is one: the cookie the first page handed out. */
async function newVisitor() {
  const res = await fetch(`${app.url}/healthz`);
  const setCookie = res.headers.get('set-cookie') ?? '';
  const value = new RegExp(`${COOKIE}=([^;]+)`).exec(setCookie)?.[1];
  assert.ok(value, 'a first request gets a visitor cookie');
  assert.match(setCookie, /HttpOnly/i);
  assert.match(setCookie, /SameSite=Lax/i);
  return `${COOKIE}=${value}`;
}

/** @param {string} cookie @param {unknown[]} paths */
async function get(cookie, paths) {
  const res = await fetch(`${app.url}/model.json?method=get&paths=${encodeURIComponent(JSON.stringify(paths))}`, {
    headers: { cookie },
  });
  assert.equal(res.status, 200);
  return { body: await res.json(), setCookie: res.headers.get('set-cookie') };
}

/** @param {string} cookie @param {Record<string, unknown>} fields */
async function post(cookie, fields) {
  const body = Object.entries(fields)
    .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
    .join('&')
    .replace(/^method=%22(\w+)%22/, 'method=$1');
  const res = await fetch(`${app.url}/model.json`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  assert.equal(res.status, 200);
  return res.json();
}

/** @param {string} cookie */
async function visitorData(cookie) {
  const { body } = await get(cookie, [
    ['myList', 'length'],
    ['myList', { from: 0, to: 4 }, 'name'],
    ['titlesById', [FILM, OTHER_FILM], ['inMyList', 'userRating']],
  ]);
  const graph = body.jsonGraph;
  return {
    length: graph.myList.length,
    first: graph.myList[0]?.value?.[1] ?? null,
    inMyList: graph.titlesById[FILM].inMyList,
    rating: graph.titlesById[FILM].userRating,
  };
}

test("two visitors: one's list and ratings are never another's", async () => {
  const alice = await newVisitor();
  const bob = await newVisitor();
  assert.notEqual(alice, bob);

  const added = await post(alice, { method: 'call', callPath: ['myList', 'add'], arguments: [FILM] });
  assert.equal(added.jsonGraph.myList.length, 1);
  assert.equal(added.jsonGraph.titlesById[FILM].inMyList, true, 'the call answers the toggle state');
  const rated = await post(alice, {
    method: 'set',
    jsonGraph: {
      jsonGraph: { titlesById: { [FILM]: { userRating: 4 } } },
      paths: [['titlesById', FILM, 'userRating']],
    },
  });
  assert.equal(rated.jsonGraph.titlesById[FILM].userRating, 4);

  assert.deepEqual(await visitorData(alice), { length: 1, first: FILM, inMyList: true, rating: 4 });
  assert.deepEqual(
    await visitorData(bob),
    { length: 0, first: null, inMyList: false, rating: null },
    'Bob sees none of it',
  );

  // Bob's changes stay Bob's, and cannot undo Alice's.
  await post(bob, { method: 'call', callPath: ['myList', 'add'], arguments: [OTHER_FILM] });
  await post(bob, { method: 'call', callPath: ['myList', 'remove'], arguments: [FILM] });
  await post(bob, {
    method: 'set',
    jsonGraph: {
      jsonGraph: { titlesById: { [FILM]: { userRating: 1 } } },
      paths: [['titlesById', FILM, 'userRating']],
    },
  });
  assert.deepEqual(await visitorData(alice), { length: 1, first: FILM, inMyList: true, rating: 4 });
  assert.deepEqual(await visitorData(bob), { length: 1, first: OTHER_FILM, inMyList: false, rating: 1 });
});

test('a tampered or forged cookie gets a new visitor with empty data', async () => {
  const alice = await newVisitor();
  await post(alice, { method: 'call', callPath: ['myList', 'add'], arguments: [FILM] });
  assert.equal((await visitorData(alice)).length, 1);

  const [name, value] = alice.split('=');
  const raw = decodeURIComponent(value); // s:<id>.<signature>
  const id = raw.slice(2, raw.lastIndexOf('.'));
  const signature = raw.slice(raw.lastIndexOf('.') + 1);
  const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
  const forgeries = {
    'the id alone, unsigned': `${name}=${id}`,
    'the id signed with another secret': `${name}=${encodeURIComponent(`s:${id}.${flipped}`)}`,
    'another id under the same signature': `${name}=${encodeURIComponent(`s:${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}.${signature}`)}`,
  };
  for (const [label, cookie] of Object.entries(forgeries)) {
    const { body, setCookie } = await get(cookie, [['myList', 'length']]);
    assert.equal(body.jsonGraph.myList.length, 0, `${label}: none of Alice's data`);
    assert.match(setCookie ?? '', new RegExp(`${COOKIE}=s%3A`), `${label}: a new signed visitor cookie is set`);
    assert.doesNotMatch(setCookie ?? '', new RegExp(id), `${label}: never Alice's id`);
  }
  assert.equal((await visitorData(alice)).length, 1, "Alice's own cookie still works");
});
