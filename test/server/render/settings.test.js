// @ts-check
// Two apps in one process share none of what their config decides about a
// page (shared/components/RenderSettings.js): each renders its own poster
// template, made after both apps, in turns; and no app's cards make a formatter.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startAppOnFake } from '../../helpers/app-on-fake.js';
import { formattersMadeDuring } from '../../helpers/card-formatters.js';

const APPS = {
  cdn: { POSTER_URL_TEMPLATE: 'https://img.example.com/{id}?w={width}' },
  own: { POSTER_URL_TEMPLATE: '/images/{id}-{width}.webp' },
  plain: {},
};
/** What a poster URL of each app looks like, and nothing else's does. */
const POSTER_URL = {
  cdn: /^https:\/\/img\.example\.com\/[a-z0-9-]+\?w=(160|320)$/,
  own: /^\/images\/[a-z0-9-]+-(160|320)\.webp$/,
  plain: /^\/art\/[a-z0-9-]+\.(160|320)w\.v1\.webp$/,
};

/** @param {string} html every URL of every poster's src and srcset */
const posterUrls = (html) =>
  [...html.matchAll(/<img [^>]*?src="([^"]+)"[^>]*?srcSet="([^"]+)"/g)].flatMap(([, src, srcSet]) => [
    src,
    ...srcSet.split(', ').map((candidate) => candidate.split(' ')[0]),
  ]);

test('two apps in one process: each page shows its own poster template; no card makes a formatter', async () => {
  // All made before any page is asked for: a setting made at start would be the last app's.
  const apps = Object.fromEntries(
    await Promise.all(Object.entries(APPS).map(async ([name, env]) => [name, await startAppOnFake({ env })])),
  );
  after(() => Promise.all(Object.values(apps).map((app) => app.close())));
  const names = /** @type {(keyof typeof APPS)[]} */ (Object.keys(APPS));
  // The shared graph caches warm, so only the render runs below.
  for (const name of names) await fetch(`${apps[name].url}/`).then((r) => r.text());

  for (const round of [1, 2])
    for (const name of names) {
      let html = '';
      const made = await formattersMadeDuring(async () => {
        html = await fetch(`${apps[name].url}/`).then((r) => r.text());
      });
      const urls = posterUrls(html);
      assert.ok(urls.length >= 40, `${name}, round ${round}: ${urls.length} poster URLs`);
      for (const url of urls) assert.match(url, POSTER_URL[name], `${name}, round ${round}`);
      const handed = JSON.parse(/<script [^>]*id="marquee-data"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');
      assert.equal(handed.page?.options?.posters, APPS[name].POSTER_URL_TEMPLATE, `${name}: handed to the client`);
      const cards = (html.match(/<li class="card"/g) ?? []).length;
      assert.ok(cards >= 20, `${name}: ${cards} cards`);
      assert.equal(made, 0, `${name}, round ${round}: the cards reuse the formatters made once`);
    }
});

test('two apps in one process: the title page poster follows each its own template', async () => {
  const cdn = await startAppOnFake({ env: APPS.cdn });
  after(() => cdn.close());
  const plain = await startAppOnFake({ env: APPS.plain });
  after(() => plain.close());
  const id = 'film-0-1990';
  for (const [name, app] of /** @type {const} */ ([
    ['cdn', cdn],
    ['plain', plain],
    ['cdn', cdn],
  ])) {
    const res = await fetch(`${app.url}/title/${id}`);
    assert.equal(res.status, 200);
    const hero = /<img [^>]*class="title__art[^"]*"[^>]*>/.exec(await res.text())?.[0] ?? '';
    const src = /src="([^"]+)"/.exec(hero)?.[1] ?? '';
    assert.match(src, POSTER_URL[name], name);
    assert.ok(src.includes(id), src);
  }
});
