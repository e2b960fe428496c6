// @ts-check
// GET /title/:id against the real catalog: a known title is server-rendered
// with its "more like this" rows and a cache of exactly its own paths;
// unknown and malformed ids get the real 404 page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../../helpers/app.js';
import { rowsOf } from '../../helpers/markup.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  app = await startApp();
});
after(() => app?.close());

/** @param {string} html */
function pageData(html) {
  const json = /<script type="application\/json" id="marquee-data" nonce="[^"]+">([^<]*)<\/script>/.exec(html)?.[1];
  assert.ok(json, 'the page must end with the marquee-data script');
  return JSON.parse(json);
}

/** A film with a genre row and a director row (Spielberg has one). */
async function spielbergFilm() {
  const { ids } = await (await fetch(`${app.catalogUrl}/lists/director-steven-spielberg?from=0&to=9`)).json();
  const { titles } = await (await fetch(`${app.catalogUrl}/titles?ids=${ids.join(',')}`)).json();
  const film = Object.values(titles).find((t) => t.genre);
  assert.ok(film, 'the data set has a Spielberg film with a genre');
  return film;
}

test('a known title: 200, its details, and more-like-this rows from its genre and director', async () => {
  const film = await spielbergFilm();
  const res = await fetch(`${app.url}/title/${film.id}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'private, no-cache');
  const html = await res.text();
  assert.match(html, new RegExp(`<title>${escape(film.name)} \\(${film.year}\\) · Marquee</title>`));
  assert.match(html, new RegExp(`<h1 class="title__name">${escape(film.name)}</h1>`));
  assert.match(html, /Directed by Steven Spielberg/);
  assert.match(html, new RegExp(escape(film.tagline)));
  assert.match(html, /class="mylist mylist--page" aria-pressed="false"/, 'the my-list toggle, off for a new visitor');
  assert.equal(html.match(/class="rating__star"/g)?.length, 5, 'a 1–5 rating control');

  // Rows in the home page's markup, so keyboard navigation works the same here.
  assert.deepEqual(
    rowsOf(html).map((row) => [row.index, row.heading]),
    [
      ['0', film.genre],
      ['1', 'Directed by Steven Spielberg'],
    ],
  );
  assert.match(html, /<li class="card" data-title-id="[a-z0-9-]+"><a class="card__link" href="\/title\/[a-z0-9-]+">/);
  assert.doesNotMatch(html, new RegExp(`<li class="card" data-title-id="${film.id}"`), 'the film is not "like itself"');
});

test('the serialized cache holds only the title page paths', async () => {
  const film = await spielbergFilm();
  const data = pageData(await (await fetch(`${app.url}/title/${film.id}`)).text());
  assert.equal(data.page.route, '/title/:id');
  assert.deepEqual(Object.keys(data.cache).sort(), ['listsById', 'titlesById'], 'no home rows, no my list');
  const listIds = Object.keys(data.cache.listsById).sort();
  assert.deepEqual(
    listIds,
    [`genre-${film.genre.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, 'director-steven-spielberg'].sort(),
  );
  const referenced = new Set([film.id]);
  for (const id of listIds) {
    const members = Object.keys(data.cache.listsById[id]).filter((k) => /^\d+$/.test(k));
    assert.ok(members.length <= 11, `${id}: at most one row of cards (+1 for the film itself)`);
    for (const k of members) referenced.add(data.cache.listsById[id][k].value[1]);
  }
  assert.deepEqual(
    Object.keys(data.cache.titlesById).sort(),
    [...referenced].sort(),
    'the film and its rows, nothing else',
  );
  const own = data.cache.titlesById[film.id];
  for (const key of ['name', 'year', 'tagline', 'inMyList', 'userRating', 'moreLikeThis']) {
    assert.ok(Object.hasOwn(own, key), `the film's ${key} is in the cache`);
  }
});

test('a title without a genre or director row gets its decade', async () => {
  const res = await fetch(`${app.url}/title/the-land-girls-1998`);
  assert.equal(res.status, 200);
  assert.match(await res.text(), /<h2 class="row__name" id="row-0-name">The 1990s<\/h2>/);
});

for (const [label, path] of [
  ['unknown', '/title/no-such-film-1999'],
  ['malformed (upper case)', '/title/Not_A_Slug'],
  ['malformed (too long)', `/title/${'a'.repeat(81)}`],
  ['malformed (encoded slash)', '/title/..%2Fadmin'],
  ['malformed (extra segment)', '/title/heat-1995/extra'],
  // Express's template matches these; the registry's check does not (the client's matchRoute would not either).
  ['oddly spelled (trailing slash)', '/title/the-land-girls-1998/'],
  ['oddly spelled (upper-case route)', '/TITLE/the-land-girls-1998'],
  ['oddly spelled (percent-encoded)', '/title/the-land-girls%2D1998'],
]) {
  test(`an ${label} id gets the 404 page with status 404`, async () => {
    const res = await fetch(`${app.url}${path}`);
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const html = await res.text();
    assert.match(html, /<title>Page not found · Marquee<\/title>/);
    assert.doesNotMatch(html, /marquee-data/, 'no app data on the 404 page');
  });
}

/** @param {string} text */
function escape(text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
