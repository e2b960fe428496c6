// @ts-check
// The app's own posters (issue 20): every poster URL a page names answers an
// image of the width, height and type it declares, cached for a year under a
// versioned URL; the disk cache renders each once and stays bounded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startApp } from '../../helpers/app.js';
import { boxartSvg, hashString } from '../../../shared/boxart.js';
import { DEFAULT_POSTER_TEMPLATE, POSTER_VERSION, posterImage } from '../../../shared/poster.js';
import { WEBP_OPTIONS } from '../../../server/posters/rasterize.js';
import { createDiskCache } from '../../../server/posters/disk-cache.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  // Shedding off: a CPU-starved machine must not answer the posters under test with 503s.
  app = await startApp({ env: { OVERLOAD_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_EVENT_LOOP_UTILIZATION_PCT: '0' } });
});
after(() => app?.close());

/** @param {string} html @returns {{ url: string, width: number }[]} every srcset candidate of every <img> */
function candidates(html) {
  const images = html.match(/<img [^>]*>/g) ?? [];
  assert.ok(images.length >= 20, `the page has posters (${images.length})`);
  return images.flatMap((img) => {
    // A poster waiting for its row to scroll near: its size, no request (its noscript copy is counted).
    if (img.includes('card__art--later')) {
      assert.match(img, /width="160" height="240"/, 'a placeholder keeps the size');
      assert.doesNotMatch(img, /src/i, 'and asks for nothing');
      return [];
    }
    const src = /src="([^"]+)"/.exec(img)?.[1];
    const srcset = /srcSet="([^"]+)"/i.exec(img)?.[1];
    assert.ok(src && srcset, `a src and a srcset on ${img}`);
    assert.match(img, /width="160" height="240"/, 'declared size: no layout shift');
    // The card is 160 CSS px wide everywhere: src is the 1x, the srcset's one candidate the 2x.
    const [url, descriptor] = srcset.split(' ');
    assert.equal(descriptor, '2x', `a density descriptor on ${img}`);
    return [
      { url: src, width: 160 },
      { url, width: 320 },
    ];
  });
}

test('every poster URL on the home page answers a WebP of the declared width and a 2:3 height', async () => {
  const html = await (await fetch(`${app.url}/`)).text();
  const all = candidates(html);
  assert.deepEqual([...new Set(all.map((c) => c.width))].sort(), [160, 320], '1x and 2x');
  // A few cards' worth (each a render on a cold disk cache), both widths.
  for (const { url, width } of all.slice(0, 8)) {
    const res = await fetch(new URL(url, app.url));
    assert.equal(res.status, 200, url);
    assert.equal(res.headers.get('content-type'), 'image/webp', url);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable', 'versioned URL: immutable');
    assert.equal(res.headers.get('content-encoding'), null, 'WebP is not compressed again');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    assert.equal(meta.format, 'webp');
    assert.equal(meta.width, width, url);
    assert.equal(meta.height, (width * 3) / 2, url);
  }
});

test('the title page poster: the same srcset, high priority', async () => {
  const html = await (await fetch(`${app.url}/title/the-land-girls-1998`)).text();
  const img = /<img [^>]*class="title__art[^>]*>/.exec(html)?.[0] ?? '';
  assert.match(
    img,
    /src="\/art\/the-land-girls-1998\.160w\.v1\.webp" srcSet="\/art\/the-land-girls-1998\.320w\.v1\.webp 2x"/,
  );
  assert.match(img, /fetchPriority="high"/);
  assert.match(img, /decoding="async"/);
});

test('the drawing is still served as SVG; other names under /art/ are 404', async () => {
  const svg = await fetch(`${app.url}/art/heat-1995.svg`);
  assert.equal(svg.status, 200);
  assert.match(String(svg.headers.get('content-type')), /^image\/svg\+xml/);
  for (const name of ['heat-1995.640w.v1.webp', 'heat-1995.160w.v0.webp', 'HEAT.160w.v1.webp', 'heat-1995.png']) {
    assert.equal((await fetch(`${app.url}/art/${name}`)).status, 404, name);
  }
});

test('POSTER_VERSION pins the drawing and its encoding (they are cached for a year)', () => {
  // A change here busts every poster in every browser: change POSTER_VERSION with it.
  const fingerprint = hashString(
    JSON.stringify({ svg: ['alien-1979', 'heat-1995', 'a'].map(boxartSvg), webp: WEBP_OPTIONS }),
  );
  assert.equal(POSTER_VERSION, 'v1');
  assert.equal(
    fingerprint,
    0xe77278ba,
    `drawing or encoding changed (fingerprint ${fingerprint.toString(16)}): bump POSTER_VERSION`,
  );
  assert.equal(DEFAULT_POSTER_TEMPLATE, '/art/{id}.{width}w.v1.webp');
});

test('a tint per poster, from the drawing hash, among 12 classes', () => {
  const tints = new Set(
    ['alien-1979', 'heat-1995', 'a', 'b', 'up-2009', 'jaws-1975'].map((id) => posterImage(id).tint),
  );
  for (const tint of tints) assert.match(tint, /^tint-([0-9]|1[01])$/);
  assert.ok(tints.size >= 3, 'tints vary with the id');
});

test('the disk cache renders each file once, survives a restart, and keeps at most maxFiles', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-posters-'));
  try {
    let renders = 0;
    const render = (/** @type {string} */ name) => async () => {
      renders += 1;
      return Buffer.from(name);
    };
    const cache = createDiskCache({ dir, maxFiles: 3 });
    const [a, again] = await Promise.all([cache.get('a.webp', render('a')), cache.get('a.webp', render('a'))]);
    assert.equal(String(a), 'a');
    assert.equal(String(again), 'a');
    assert.equal(renders, 1, 'two requests at once: one render');
    assert.equal(String(await cache.get('a.webp', render('x'))), 'a', 'then read from disk');
    for (const name of ['b', 'c', 'd', 'e']) await cache.get(`${name}.webp`, render(name));
    assert.deepEqual(readdirSync(dir).sort(), ['c.webp', 'd.webp', 'e.webp'], 'the least recently used went first');

    const restarted = createDiskCache({ dir, maxFiles: 3 });
    const before = renders;
    assert.equal(String(await restarted.get('d.webp', render('x'))), 'd', 'files from the last run are served');
    assert.equal(renders, before);
    await restarted.get('f.webp', render('f'));
    assert.equal(readdirSync(dir).length, 3, 'and count against the bound');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the disk cache refuses renders past its queue rather than queue for ever', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-posters-'));
  try {
    const cache = createDiskCache({ dir, maxFiles: 10, maxRenders: 1, maxQueued: 1 });
    const slow = () => new Promise((resolve) => setTimeout(() => resolve(Buffer.from('x')), 50));
    const results = await Promise.allSettled(['a', 'b', 'c'].map((n) => cache.get(`${n}.webp`, slow)));
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'fulfilled', 'rejected'],
    );
    assert.equal(/** @type {any} */ (results[2]).reason.code, 'busy');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
