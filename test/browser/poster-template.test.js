// @ts-check
/* global document -- page.evaluate and waitForFunction bodies run in the page */
// A starter's image CDN in real Chromium (issue 20): with POSTER_URL_TEMPLATE
// set, the server's posters, the client's (rows loaded later) and the CSP all
// follow it, and hydration keeps every srcset as the server rendered it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../helpers/app.js';
import { launchBrowser } from '../../perf/lib/browser.js';
import { rasterizePoster } from '../../server/posters/rasterize.js';

const TEMPLATE = 'https://img.example.com/{id}?w={width}';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
/** @type {import('playwright-core').Browser} */
let browser;
before(async () => {
  [app, browser] = await Promise.all([startApp({ env: { POSTER_URL_TEMPLATE: TEMPLATE } }), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await app?.close();
});

test('the page, its CSP and the rows loaded later all use the template', async () => {
  const res = await fetch(`${app.url}/`);
  assert.match(String(res.headers.get('content-security-policy')), /img-src 'self' data: https:\/\/img\.example\.com/);
  const html = await res.text();
  assert.ok(html.includes(`"posters":${JSON.stringify(TEMPLATE)}`), 'handed to the client in #marquee-data');

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  /** @type {string[]} */
  const errors = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  /** @type {string[]} */
  const asked = [];
  // The "CDN": answers from the app's own drawing, so the images really load.
  await page.route('https://img.example.com/**', async (route) => {
    const url = new URL(route.request().url());
    asked.push(url.pathname + url.search);
    const body = await rasterizePoster(url.pathname.slice(1), Number(url.searchParams.get('w')));
    await route.fulfill({ status: 200, contentType: 'image/webp', body });
  });
  await page.goto(`${app.url}/`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 10_000,
  });
  await page.evaluate(() => document.querySelector('[data-row-index="8"]')?.scrollIntoView());
  await page.waitForSelector('[data-row-index="8"][data-row-state="loaded"] img.card__art', { timeout: 10_000 });
  // Placeholders (posters waiting for their row to scroll near) name no URL at all.
  const sources = await page.evaluate(() =>
    [...document.querySelectorAll('img.card__art:not(.card__art--later)')].map(
      (img) => img.getAttribute('srcset') ?? '',
    ),
  );
  assert.ok(sources.length > 20);
  for (const srcset of sources) assert.match(srcset, /^https:\/\/img\.example\.com\/[a-z0-9-]+\?w=320 2x$/);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-row-index="0"] img')].every(
      (i) => /** @type {HTMLImageElement} */ (i).complete,
    ),
  );
  assert.ok(
    asked.some((url) => url.endsWith('?w=160')),
    'the browser fetched from the template',
  );
  assert.equal(
    await page
      .locator('[data-row-index="0"] img')
      .first()
      .evaluate((i) => /** @type {HTMLImageElement} */ (i).naturalWidth),
    160,
  );
  assert.deepEqual(errors, [], 'no CSP violation, no hydration error');
  await page.close();
});
