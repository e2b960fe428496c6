// @ts-check
// GET /genre/:slug against the real catalog: a genre's best films in rows,
// reached from a title's genre and from the home page's genre rows; unknown
// and malformed genres get the real 404 page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../../helpers/app.js';
import { rowsOf, textOf } from '../../helpers/markup.js';
import { PAGE_TEMPLATES, matchRoute } from '../../../shared/pages/registry.js';
import { GENRE_PAGE_SIZE, GENRE_ROWS } from '../../../shared/pages/genre.jsx';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  app = await startApp();
});
after(() => app?.close());

/** @returns {Promise<{ id: string, name: string, length: number }>} a genre list of the catalog */
async function genreList() {
  const { lists } = await (await fetch(`${app.catalogUrl}/lists`)).json();
  const list = lists.find((/** @type {{ id: string }} */ l) => l.id === 'genre-drama');
  assert.ok(list, 'the data set has a Drama list');
  return list;
}

test('the registry knows the genre page: its template and its slug shape', () => {
  assert.ok(PAGE_TEMPLATES.includes('/genre/:slug'));
  assert.deepEqual(matchRoute('/genre/science-fiction'), {
    name: 'genre',
    template: '/genre/:slug',
    params: { slug: 'science-fiction' },
  });
  assert.equal(matchRoute('/genre/Drama'), null, 'upper case is not a slug');
  assert.equal(matchRoute('/genre/'), null);
  assert.deepEqual(matchRoute('/genre/drama/2'), {
    name: 'genre',
    template: '/genre/:slug/:page',
    params: { slug: 'drama', page: '2' },
  });
  for (const page of ['1', '0', '02', '1000', 'x', '-2'])
    assert.equal(matchRoute(`/genre/drama/${page}`), null, `page ${page}: page 1 is /genre/drama, the rest 2 to 999`);
});

test("a known genre: 200, its name, and its best films in rows of ten, in the list's order", async () => {
  const list = await genreList();
  const res = await fetch(`${app.url}/genre/drama`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'private, no-cache');
  const html = await res.text();
  assert.match(html, /<title>Drama films · Marquee<\/title>/);
  assert.equal(textOf(/<h1 class="genre__name">(.*?)<\/h1>/s.exec(html)?.[1] ?? ''), 'Drama');
  const rows = rowsOf(html);
  assert.equal(rows.length, GENRE_ROWS);
  assert.deepEqual(
    rows.map((row) => row.heading),
    ['1–10', '11–20', '21–30'],
  );
  const { ids } = await (await fetch(`${app.catalogUrl}/lists/${list.id}?from=0&to=29`)).json();
  assert.deepEqual(
    rows.flatMap((row) => row.cards),
    ids,
    'the cards are the list’s first 30 titles, in order',
  );
  assert.match(html, new RegExp(`The best 30 of ${list.length} films`));
});

test("the genre's later films, 30 a page: in the list's order, linked both ways, a 404 past the end", async () => {
  const list = await genreList();
  const last = Math.ceil(list.length / GENRE_PAGE_SIZE);
  assert.ok(last >= 3, 'Drama has at least three pages of films');

  const first = await (await fetch(`${app.url}/genre/drama`)).text();
  assert.match(first, /<a class="pager__link" rel="next" href="\/genre\/drama\/2">Films 31–60 →<\/a>/);
  assert.doesNotMatch(first, /rel="prev"/, 'page 1 has nothing before it');

  const res = await fetch(`${app.url}/genre/drama/2`);
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /<title>Drama films, page 2 · Marquee<\/title>/);
  assert.match(html, new RegExp(`Films 31–60 of ${list.length}, best first`));
  const rows = rowsOf(html);
  assert.deepEqual(
    rows.map((row) => row.heading),
    ['31–40', '41–50', '51–60'],
  );
  const { ids } = await (await fetch(`${app.catalogUrl}/lists/${list.id}?from=30&to=59`)).json();
  assert.deepEqual(
    rows.flatMap((row) => row.cards),
    ids,
    'the cards are the list’s titles 31 to 60, in order',
  );
  assert.match(html, /<a class="pager__link" rel="prev" href="\/genre\/drama">← Films 1–30<\/a>/);
  assert.match(html, /<a class="pager__link" rel="next" href="\/genre\/drama\/3">/);

  const end = await fetch(`${app.url}/genre/drama/${last}`);
  assert.equal(end.status, 200);
  const endHtml = await end.text();
  assert.doesNotMatch(endHtml, /rel="next"/, 'the last page links on to nothing');
  const onEnd = rowsOf(endHtml).flatMap((row) => row.cards).length;
  assert.equal(onEnd, list.length - (last - 1) * GENRE_PAGE_SIZE, 'the last page holds the rest');

  const past = await fetch(`${app.url}/genre/drama/${last + 1}`);
  assert.equal(past.status, 404, 'a page past the end');
  assert.match(await past.text(), /Page not found/);
  assert.equal((await fetch(`${app.url}/genre/no-such-genre/2`)).status, 404);
});

test('the page hands its client the cache it rendered from, under its own route template', async () => {
  const html = await (await fetch(`${app.url}/genre/drama`)).text();
  const json = /<script type="application\/json" id="marquee-data" nonce="[^"]+">([^<]*)<\/script>/.exec(html)?.[1];
  assert.ok(json);
  const { cache, page } = JSON.parse(json);
  assert.equal(page.route, '/genre/:slug');
  assert.equal(cache.listsById['genre-drama'].name, 'Drama');
  assert.deepEqual(Object.keys(cache), ['listsById', 'titlesById'], 'nothing but the genre list and its titles');
});

test('an unknown or malformed genre gets the 404 page, never a 200', async () => {
  for (const path of ['/genre/no-such-genre', '/genre/Drama', '/genre/a%2Fb', `/genre/${'x'.repeat(81)}`]) {
    const res = await fetch(`${app.url}${path}`);
    assert.equal(res.status, 404, path);
    assert.match(await res.text(), /Page not found/, path);
  }
});

test("a title's genre links to its genre page, and so do the genre rows of the home page and of a title", async () => {
  const { ids } = await (await fetch(`${app.catalogUrl}/lists/genre-drama?from=0&to=0`)).json();
  const html = await (await fetch(`${app.url}/title/${ids[0]}`)).text();
  assert.match(html, /<a class="title__genre" href="\/genre\/drama">Drama<\/a>/);
  const genreRow = rowsOf(html).find((row) => row.heading === 'Drama');
  assert.equal(genreRow?.href, '/genre/drama', 'the "more like this" genre row links to the genre');
  // The home page's genre rows are below the fold: render them all on the server to see their headings.
  const all = await startApp({ env: { ATF_ROWS: 'all' } });
  try {
    const home = rowsOf(await (await fetch(all.url)).text());
    const genres = home.filter((row) => row.href?.startsWith('/genre/'));
    assert.ok(genres.length >= 5, 'each genre row links to its page');
    assert.ok(
      home.some((row) => row.heading === 'Top Rated' && row.href === null),
      'other rows do not link',
    );
  } finally {
    await all.close();
  }
});
