// @ts-check
// The process-wide catalog graph cache (server/graph-cache/): pages render
// exactly as they do without it; it never carries one visitor's data to
// another; it refreshes after its TTL; when the catalog fails it keeps
// serving the last good values and counts them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../../helpers/app.js';
import { rowsOf } from '../../helpers/markup.js';

const COOKIE = 'marquee_visitor';
/** Short enough for a test to wait for one refresh. */
const TTL_MS = 400;

/** @type {Awaited<ReturnType<typeof startApp>>} */
let cached;
/** @type {Awaited<ReturnType<typeof startApp>>} */
let uncached;
before(async () => {
  const secret = 'graph-cache-test-secret-0123456789abcdef';
  [cached, uncached] = await Promise.all([
    startApp({ env: { GRAPH_CACHE_TTL_MS: String(TTL_MS), COOKIE_SECRET: secret } }),
    startApp({ env: { GRAPH_CACHE_TTL_MS: '0', COOKIE_SECRET: secret } }),
  ]);
});
after(() => Promise.all([cached?.close(), uncached?.close()]));

/** @param {string} url */
async function newVisitor(url) {
  const setCookie = (await fetch(`${url}/healthz`)).headers.get('set-cookie') ?? '';
  const value = new RegExp(`${COOKIE}=([^;]+)`).exec(setCookie)?.[1];
  assert.ok(value, 'a first request gets a visitor cookie');
  return `${COOKIE}=${value}`;
}

/** @param {string} url @param {string} cookie @param {string} id */
async function addToMyList(url, cookie, id) {
  const body = `method=call&callPath=${encodeURIComponent('["myList","add"]')}&arguments=${encodeURIComponent(JSON.stringify([id]))}`;
  const res = await fetch(`${url}/model.json`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  assert.equal(res.status, 200);
}

/** The page's meaning: each row's heading and cards, and which cards say "in My List". @param {string} html */
function meaning(html) {
  const pressed = [
    ...html.matchAll(/data-title-id="([^"]+)">(?:(?!<\/li>).)*?class="mylist mylist--card" aria-pressed="true"/gs),
  ].map((m) => m[1]);
  return { rows: rowsOf(html), pressed: [...new Set(pressed)].sort() };
}

/** @param {string} url @param {string} path @param {string} cookie */
async function page(url, path, cookie) {
  const res = await fetch(`${url}${path}`, { headers: { cookie } });
  assert.equal(res.status, 200, path);
  return res.text();
}

/** @param {string} url @param {string} name */
async function metric(url, name) {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
}

test('pages read through the cache render exactly as pages read through the router', async () => {
  const { ids } = await (await fetch(`${cached.catalogUrl}/lists/top-rated?from=0&to=1`)).json();
  // The two apps share no catalog: the same visitor id and list on each.
  const cookie = await newVisitor(cached.url);
  for (const app of [cached, uncached]) await addToMyList(app.url, cookie, ids[1]);
  for (const path of ['/', `/title/${ids[0]}`, '/genre/drama']) {
    for (let round = 0; round < 2; round++) {
      // Round 0 fills the cache, round 1 reads it.
      const [a, b] = await Promise.all([page(cached.url, path, cookie), page(uncached.url, path, cookie)]);
      assert.deepEqual(meaning(a), meaning(b), `${path}, round ${round}`);
      assert.ok(
        meaning(a).rows.some((row) => row.cards.length > 0),
        `${path} shows cards`,
      );
    }
  }
  const home = meaning(await page(cached.url, '/', cookie));
  assert.equal(home.rows[0].heading, 'My List');
  assert.ok(home.pressed.includes(ids[1]), "the visitor's own title shows as in their list");
});

test("the cache never serves one visitor's list or ratings to another", async () => {
  const { ids } = await (await fetch(`${cached.catalogUrl}/lists/top-rated?from=0&to=0`)).json();
  const [alice, bob] = await Promise.all([newVisitor(cached.url), newVisitor(cached.url)]);
  await addToMyList(cached.url, alice, ids[0]);
  // Concurrent pages, each filling and reading the same shared cache.
  const pages = await Promise.all(
    Array.from({ length: 6 }, (_, i) => page(cached.url, '/', i % 2 ? bob : alice).then((html) => ({ i, html }))),
  );
  for (const { i, html } of pages) {
    const { rows, pressed } = meaning(html);
    if (i % 2) {
      assert.notEqual(rows[0].heading, 'My List', "bob has no list: alice's must not show");
      assert.deepEqual(pressed, [], "none of alice's titles is pressed for bob");
    } else {
      assert.equal(rows[0].heading, 'My List');
      assert.ok(pressed.includes(ids[0]));
    }
  }
});

test('after its TTL the cache asks the catalog again', async () => {
  await page(cached.url, '/', await newVisitor(cached.url));
  const before = await metric(cached.url, 'marquee_graph_cache_refreshed_total');
  await new Promise((resolve) => setTimeout(resolve, TTL_MS * 2.5));
  const after = await metric(cached.url, 'marquee_graph_cache_refreshed_total');
  assert.ok(after >= before + 1, `refreshed ${before} → ${after} times in ${TTL_MS * 2.5} ms`);
});

test('when the catalog fails, pages keep the last good catalog data, and the stale values are counted', async () => {
  const cookie = await newVisitor(cached.url);
  const good = meaning(await page(cached.url, '/', cookie));
  const staleBefore = await metric(cached.url, 'marquee_graph_cache_stale_kept_total');
  const faults = await fetch(`${cached.catalogUrl}/_faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ error: 1 }),
  });
  assert.equal(faults.status, 200);
  try {
    await new Promise((resolve) => setTimeout(resolve, TTL_MS * 2.5));
    const stale = meaning(await page(cached.url, '/', cookie));
    assert.deepEqual(
      stale.rows.map((row) => row.cards),
      good.rows.map((row) => row.cards),
      'every row and card is still there, from the last good values',
    );
    assert.ok(
      (await metric(cached.url, 'marquee_graph_cache_stale_kept_total')) > staleBefore,
      'the stale values are counted in /metrics',
    );
  } finally {
    await fetch(`${cached.catalogUrl}/_faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
  }
});
