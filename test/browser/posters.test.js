// @ts-check
/* global document, window, getComputedStyle -- page.evaluate and waitForFunction bodies run in the page */
// Posters in real Chromium (issue 20): one high-priority poster in the first
// viewport, lazy ones below the fold, the 1x or 2x file by pixel ratio, a
// tint the CSP lets through, and a clean console; and perf:input's check
// that a click really toggled.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../helpers/app.js';
import { launchBrowser } from '../../perf/lib/browser.js';
import { measureClick } from '../../perf/input/run.js';
import { measurePosterBytes } from '../../perf/input/bytes.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
/** @type {import('playwright-core').Browser} */
let browser;
before(async () => {
  // Shedding off: on a CPU-starved machine a shed poster stays broken (browsers do not retry).
  const env = { ATF_ROWS: '3', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_EVENT_LOOP_UTILIZATION_PCT: '0' };
  const extraRoutes = (/** @type {any} */ routes) => routes.add('get', '/no-toggle', noToggle);
  [app, browser] = await Promise.all([startApp({ env, extraRoutes }), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await app?.close();
});

/** A laptop's first viewport, at a pixel ratio, hydrated; console errors recorded. */
async function openHome(deviceScaleFactor = 1) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor });
  /** @type {string[]} */
  const errors = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${app.url}/`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 10_000,
  });
  return { page, errors };
}

/** The posters wholly or partly in the viewport, once all have loaded. */
const postersInView = (/** @type {import('playwright-core').Page} */ page) =>
  page
    .waitForFunction(
      () => {
        const inView = [...document.querySelectorAll('img.card__art')].filter((img) => {
          const box = img.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
        });
        // A placeholder (no src yet) is complete too: a poster is loaded once it has a source.
        if (
          !inView.every(
            (img) => /** @type {HTMLImageElement} */ (img).complete && /** @type {HTMLImageElement} */ (img).currentSrc,
          )
        )
          return null;
        return inView.map((element) => {
          const img = /** @type {HTMLImageElement} */ (element);
          return {
            fetchpriority: img.getAttribute('fetchpriority'),
            loading: img.getAttribute('loading'),
            currentSrc: img.currentSrc,
            naturalWidth: img.naturalWidth,
            naturalHeight: img.naturalHeight,
            background: getComputedStyle(img).backgroundColor,
          };
        });
      },
      null,
      { timeout: 15_000 },
    )
    .then((handle) => /** @type {Promise<any[]>} */ (handle.jsonValue()));

test('exactly one poster in the first viewport is fetchpriority="high", and every one loads at 1x', async () => {
  const { page, errors } = await openHome(1);
  const posters = await postersInView(page);
  assert.ok(posters.length >= 7, `a row or more of posters in view (${posters.length})`);
  assert.equal(posters.filter((p) => p.fetchpriority === 'high').length, 1, 'one likely LCP poster');
  assert.equal(await page.locator('img[fetchpriority="high"]').count(), 1, 'and no other in the page');
  for (const poster of posters) {
    assert.match(poster.currentSrc, /\/art\/[a-z0-9-]+\.160w\.v1\.webp$/, 'the 1x file at a pixel ratio of 1');
    assert.deepEqual([poster.naturalWidth, poster.naturalHeight], [160, 240], poster.currentSrc);
    // The tint class got through the CSP: not the grey surface, not transparent.
    assert.doesNotMatch(poster.background, /rgba\(0, 0, 0, 0\)|rgb\(28, 30, 36\)/, 'a tint behind the poster');
  }
  assert.deepEqual(errors, [], 'no CSP violation or other error');
  await page.close();
});

test('perf:input counts the WebP bytes of the posters in the first viewport', async () => {
  const bytes = await measurePosterBytes(browser, {
    url: `${app.url}/`,
    viewport: { width: 1280, height: 800 },
    dpr: 1,
  });
  assert.ok(bytes.images >= 7 && bytes.bytes > bytes.images * 200, `${bytes.images} posters, ${bytes.bytes} B`);
  assert.deepEqual(bytes.types, ['webp']);
  assert.equal(bytes.unknown, 0);
});

test('a pixel ratio of 2 loads the 320w files', async () => {
  const { page } = await openHome(2);
  const posters = await postersInView(page);
  for (const poster of posters) {
    assert.match(poster.currentSrc, /\.320w\.v1\.webp$/);
    // Natural size is divided by the candidate's density (320w for 160px): 2.
    assert.deepEqual([poster.naturalWidth, poster.naturalHeight], [160, 240], 'loaded, at 2x');
  }
  await page.close();
});

test('rows below the fold have lazy posters, server-rendered or loaded later', async () => {
  const { page, errors } = await openHome(1);
  const lazyIn = (/** @type {number} */ row) =>
    page.locator(`[data-row-index="${row}"] img.card__art[loading="lazy"]`).count();
  assert.equal(await page.locator('[data-row-index="0"] img.card__art[loading="lazy"]').count(), 0, 'row 0 is eager');
  assert.ok((await lazyIn(2)) > 0, 'row 2, rendered on the server below the fold, is lazy');
  await page.evaluate(() => document.querySelector('[data-row-index="8"]')?.scrollIntoView());
  await page.waitForSelector('[data-row-index="8"][data-row-state="loaded"] img.card__art', { timeout: 10_000 });
  const total = await page.locator('[data-row-index="8"] img.card__art').count();
  assert.equal(await lazyIn(8), total, 'every poster of a row loaded on the client is lazy');
  assert.equal(await page.locator('[data-row-index="8"] img[decoding="async"]').count(), total);
  assert.deepEqual(errors, []);
  await page.close();
});

/**
 * A card whose My List button never changes: what a broken page does.
 * @param {import('express').Request} _req
 * @param {import('express').Response} res
 */
function noToggle(_req, res) {
  const card = '<li class="card"><button class="mylist--card" aria-pressed="false">+</button></li>';
  const mark = `<script nonce="${res.locals.nonce}">performance.mark('marquee:interactive')</script>`;
  res.type('html').send(`<!doctype html><section data-row-state="loaded"><ul>${card}</ul></section>${mark}`);
}

// perf:input (perf/input/run.js): a click that toggled nothing fails the
// run, whatever its timing (test/browser/perf-input.test.js runs the whole command).
test('perf:input fails a click that did not toggle My List', async () => {
  const viewport = { width: 1280, height: 800 };
  await assert.rejects(
    measureClick(browser, { url: `${app.url}/no-toggle`, viewport, dpr: 1, scroll: 0 }),
    /did not toggle My List/,
  );
});
