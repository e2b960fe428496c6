// @ts-check
// GET / against the real catalog: exactly ATF_ROWS rows rendered (1, 3 and all),
// a cache of exactly their paths holding the values the HTML shows, hostile
// titles escaped, and the head flushed before a slow catalog answers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { startApp } from '../../helpers/app.js';
import { serveApp } from '../../../perf/page/serve-app.js';
import { loadConfig } from '../../../server/config/load.js';
import { createApp } from '../../../server/app.js';
import { TitleRow } from '../../../shared/components/TitleRow.jsx';
import { TitleCard } from '../../../shared/components/TitleCard.jsx';

const ROW_KEYS = TitleRow.paths;
const TITLE_KEYS = TitleCard.paths;

const HOSTILE = ['</script><script>window.__pwned=1</script>', '<!-- open comment', 'Line\u2028Separator\u2029Para'];
// The catalog collapses every run of Unicode white space in a name (U+2028 included) to
// one space; the serializer's own U+2028 handling is unit-tested in test/server/render/serialize-json.test.js.
const AS_CLEANED = HOSTILE.map((name) => name.replace(/\s+/g, ' '));
// What the home page's query asks for: lists and myList, plus the titles their refs reach.
const TOP_KEYS = ['lists', 'myList', 'titlesById'];
/** [from, ..., n - 1] @param {number} n */
const upTo = (n, from = 0) => Array.from({ length: Math.max(0, n - from) }, (_, i) => from + i);
const CARD_POSITIONS = upTo(10).map(String);

/** Real data plus three top-rated films whose names try to break the page. */
function hostileDataFile() {
  const films = JSON.parse(readFileSync(new URL('../../../server/catalog/data/movies.json', import.meta.url), 'utf8'));
  for (const [i, name] of HOSTILE.entries()) {
    films.push({
      ...films[0],
      Title: name,
      'IMDB Rating': 9.9 - i / 100,
      'IMDB Votes': 900000,
      'Release Date': 'Jan 01 2001',
    });
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

/** Text or attribute value as the browser reads it (React escapes & < > " '). @param {string} text */
function unescapeHtml(text) {
  const named = /** @type {Record<string, string>} */ ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" });
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi, (entity, hex, dec, name) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : (named[name] ?? entity),
  );
}

/** Every row section of the page in order: index, state, heading and cards. @param {string} html */
function renderedRows(html) {
  return [
    ...html.matchAll(/<section\b[^>]*data-row-index="(-?\d+)" data-row-state="(\w+)"[^>]*>([\s\S]*?)<\/section>/g),
  ].map(([, index, state, body]) => ({
    index: Number(index),
    state,
    // The heading's text, whatever markup it holds (a genre's heading is a link).
    name: unescapeHtml((/<h2 class="row__name"[^>]*>([\s\S]*?)<\/h2>/.exec(body)?.[1] ?? '').replace(/<[^>]*>/g, '')),
    cards: [
      ...body.matchAll(/<li class="card" data-title-id="([^"]*)">[\s\S]*?<span class="card__name">([^<]*)</g),
    ].map(([, id, name]) => ({ id: unescapeHtml(id), name: unescapeHtml(name) })),
  }));
}

/** A cache leaf: a plain value or an atom. @param {any} leaf */
const valueOf = (leaf) => (leaf && typeof leaf === 'object' ? leaf.value : leaf);

/** A second app on a catalog already running: each ATF_ROWS costs an app, not a catalog. */
function startAppOn(/** @type {string} */ catalogUrl, /** @type {Record<string, string>} */ env) {
  return serveApp(createApp(loadConfig({ NODE_ENV: 'test', PORT: '0', ...env }), { catalogUrl }));
}

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
/** @type {Record<string, { url: string, close: () => Promise<void> }>} by ATF_ROWS */
const apps = {};
let listCount = 0;
before(async () => {
  app = await startApp({ env: { ATF_ROWS: '3' }, catalogEnv: { CATALOG_DATA: hostileDataFile() } });
  apps['3'] = app;
  apps['1'] = await startAppOn(app.catalogUrl, { ATF_ROWS: '1' });
  apps.all = await startAppOn(app.catalogUrl, { ATF_ROWS: 'all' });
  listCount = (await (await fetch(`${app.catalogUrl}/lists`)).json()).lists.length;
  assert.ok(listCount > 3, `the catalog needs more than 3 lists to tell ATF_ROWS=all from 3 (has ${listCount})`);
});
after(async () => {
  await apps['1']?.close();
  await apps.all?.close();
  await app?.close();
});

for (const atf of ['1', '3', 'all']) {
  const rowsFor = () => (atf === 'all' ? listCount : Number(atf));

  test(`ATF_ROWS=${atf}: GET / renders exactly that many rows; the rest are placeholders`, async () => {
    const res = await fetch(apps[atf].url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'private, no-cache');
    const rows = renderedRows(await res.text()).filter((row) => row.index >= 0);
    const n = rowsFor();
    const indexes = (/** @type {string} */ state) => rows.filter((r) => r.state === state).map((r) => r.index);
    assert.deepEqual(indexes('loaded'), upTo(n), `rows 0..${n - 1} must be server-rendered: honour ATF_ROWS=${atf}`);
    assert.deepEqual(indexes('placeholder'), upTo(listCount, n), `the rows after the first ${n} must be placeholders`);
    for (const row of rows.filter((r) => r.state === 'loaded')) {
      assert.equal(row.cards.length, 10, `row ${row.index} must render ten cards`);
    }
  });

  test(`ATF_ROWS=${atf}: the cache holds exactly the rendered rows and the values the HTML shows`, async () => {
    const html = await (await fetch(apps[atf].url)).text();
    const { cache, page } = pageData(html);
    const n = rowsFor();
    assert.deepEqual(
      page.options,
      { rows: atf === 'all' ? 'all' : n, prefetch: true },
      'page.options tells the client the rows it got (and that NAV_PREFETCH is on)',
    );
    assert.equal(page.route, '/');
    for (const key of ['upstream', 'render', 'template', 'total']) {
      assert.equal(typeof page.timings[key], 'number', `timings.${key} is handed to the page`);
    }
    assert.deepEqual(Object.keys(cache).sort(), TOP_KEYS, 'the cache must hold only what the page query asks for');
    const cachedRows = Object.keys(cache.lists).filter((k) => k !== 'length');
    assert.deepEqual(cachedRows, upTo(n).map(String), `the cache must hold rows 0..${n - 1}, no more`);
    const rendered = renderedRows(html).filter((row) => row.state === 'loaded' && row.index >= 0);
    assert.deepEqual(
      rendered.map((r) => String(r.index)),
      cachedRows,
      'render exactly the cached rows',
    );

    // A film can sit in two rows (a top-rated hit also grosses highly): collect distinct ids.
    const referenced = new Set();
    for (const row of rendered) {
      const cached = cache.lists[row.index];
      const extra = Object.keys(cached).filter((k) => !ROW_KEYS.includes(k) && !CARD_POSITIONS.includes(k));
      assert.deepEqual(extra, [], `lists[${row.index}] holds keys no component asked for`);
      assert.equal(row.name, valueOf(cached.name), `row ${row.index}'s heading must be lists[${row.index}].name`);
      const ids = CARD_POSITIONS.map((j) => cached[j]?.value?.[1]);
      assert.deepEqual(
        row.cards.map((c) => c.id),
        ids,
        `row ${row.index}'s cards must follow its refs`,
      );
      for (const card of row.cards) {
        referenced.add(card.id);
        const title = cache.titlesById[card.id];
        assert.equal(card.name, valueOf(title?.name), `card ${card.id} must show titlesById[${card.id}].name`);
        const unasked = Object.keys(title).filter((k) => !TITLE_KEYS.includes(k));
        assert.deepEqual(unasked, [], `titlesById[${card.id}] holds keys no component asked for`);
      }
    }
    const titleIds = Object.keys(cache.titlesById).sort();
    assert.deepEqual(titleIds, [...referenced].sort(), 'the cache must hold exactly the titles the rows refer to');
  });
}

test('hostile titles are escaped in the HTML and survive in the cache', async () => {
  const html = await (await fetch(app.url)).text();
  assert.doesNotMatch(html, /<script>window\.__pwned/, 'a title must not open a script element');
  assert.equal(html.split('<!-- open comment').length, 1, 'a title must not open an HTML comment');
  assert.doesNotMatch(html, /[\u2028\u2029]/, 'U+2028/U+2029 are escaped');
  const names = Object.values(pageData(html).cache.titlesById).map((t) => valueOf(t.name));
  for (const name of AS_CLEANED) assert.ok(names.includes(name), `the cache keeps ${JSON.stringify(name)} intact`);
  const shown = renderedRows(html).flatMap((row) => row.cards.map((card) => card.name));
  for (const name of AS_CLEANED) assert.ok(shown.includes(name), `a card shows ${JSON.stringify(name)} as text`);
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
    assert.ok(
      firstByteMs < totalMs - 200,
      `head at ${firstByteMs.toFixed(0)} ms must come long before the data (${totalMs.toFixed(0)} ms)`,
    );
  } finally {
    await slow.close();
  }
});
