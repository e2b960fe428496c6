// @ts-check
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { startApp } from './helpers/app.js';

const HOSTILE = ['</script><script>window.__pwned=1</script>', '<!-- open comment', 'Line\u2028Separator\u2029Para'];
// The catalog collapses every run of Unicode white space in a name (U+2028 included) to
// one space; the serializer's own U+2028 handling is unit-tested in serialize-json.test.js.
const AS_CLEANED = HOSTILE.map((name) => name.replace(/\s+/g, ' '));

/** Real data plus three top-rated films whose names try to break the page. */
function hostileDataFile() {
  const films = JSON.parse(readFileSync(new URL('../server/catalog/data/movies.json', import.meta.url), 'utf8'));
  for (const [i, name] of HOSTILE.entries()) {
    films.push({ ...films[0], Title: name, 'IMDB Rating': 9.9 - i / 100, 'IMDB Votes': 900000, 'Release Date': 'Jan 01 2001' });
  }
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'marquee-')), 'hostile.json');
  writeFileSync(file, JSON.stringify(films));
  return file;
}

/** @param {string} html */
function pageData(html) {
  const json = /<script type="application\/json" id="marquee-data" nonce="[^"]+">([^<]*)<\/script>/.exec(html)?.[1];
  assert.ok(json, 'the page must end with the marquee-data script');
  return JSON.parse(json);
}

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  app = await startApp({ env: { ATF_ROWS: '3' }, catalogEnv: { CATALOG_DATA: hostileDataFile() } });
});
after(() => app?.close());

test('GET / renders exactly ATF_ROWS rows; the rest are placeholders', async () => {
  const res = await fetch(app.url);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'private, no-store');
  const html = await res.text();
  const loaded = html.match(/data-row-state="loaded"/g) ?? [];
  const placeholders = html.match(/data-row-state="placeholder"/g) ?? [];
  assert.equal(loaded.length, 3, 'exactly ATF_ROWS rows are server-rendered');
  assert.ok(placeholders.length >= 9, `the other rows are placeholders (got ${placeholders.length})`);
  const cards = html.match(/data-title-id="/g) ?? [];
  assert.equal(cards.length, 30, 'ten cards in each server-rendered row');
});

test('the serialized cache holds exactly the server-rendered rows', async () => {
  const data = pageData(await (await fetch(app.url)).text());
  assert.equal(data.page.atfRows, 3);
  assert.equal(data.page.route, '/');
  for (const key of ['upstream', 'render', 'template', 'total']) {
    assert.equal(typeof data.page.timings[key], 'number', `timings.${key} is handed to the page`);
  }
  const rowKeys = Object.keys(data.cache.lists).filter((k) => /^\d+$/.test(k));
  assert.deepEqual(rowKeys, ['0', '1', '2']);
  // A film can sit in two rows (a top-rated hit also grosses highly): count distinct refs.
  const referenced = new Set();
  for (const row of rowKeys) {
    const members = Object.entries(data.cache.lists[row]).filter(([k]) => /^\d+$/.test(k));
    assert.equal(members.length, 10, `row ${row} holds ten members`);
    for (const [, ref] of members) referenced.add(ref.value[1]);
  }
  assert.deepEqual(Object.keys(data.cache.titlesById).sort(), [...referenced].sort(), 'exactly the titles the rows refer to');
});

test('hostile titles are escaped in the HTML and survive in the cache', async () => {
  const html = await (await fetch(app.url)).text();
  assert.doesNotMatch(html, /<script>window\.__pwned/, 'a title must not open a script element');
  assert.equal(html.split('<!-- open comment').length, 1, 'a title must not open an HTML comment');
  assert.doesNotMatch(html, /[\u2028\u2029]/, 'U+2028/U+2029 are escaped');
  const names = Object.values(pageData(html).cache.titlesById).map((t) => (typeof t.name === 'object' ? t.name.value : t.name));
  for (const name of AS_CLEANED) assert.ok(names.includes(name), `the cache keeps ${JSON.stringify(name)} intact`);
});

test('the head is flushed before the data when the catalog is slow', async () => {
  const slow = await startApp({ catalogEnv: { CATALOG_LATENCY_MS: '250' } });
  try {
    const started = performance.now();
    const res = await request(slow.url);
    let firstByteMs = 0;
    let text = '';
    for await (const chunk of res.body) {
      if (!firstByteMs) firstByteMs = performance.now() - started;
      text += chunk;
    }
    const totalMs = performance.now() - started;
    assert.match(text.slice(0, 2000), /<link rel="modulepreload"/);
    assert.ok(totalMs >= 250, `the page waited for the catalog (total ${totalMs.toFixed(0)} ms)`);
    assert.ok(firstByteMs < totalMs - 200, `head at ${firstByteMs.toFixed(0)} ms must come long before the data (${totalMs.toFixed(0)} ms)`);
  } finally {
    await slow.close();
  }
});
