// @ts-check
/* global document, window, requestIdleCallback, getComputedStyle -- page.evaluate and waitForFunction bodies run in the page */
// Posters a phone can see, and little more (issue 26): on a phone, once the
// page is idle, no poster of a card far outside its row's visible area has
// been asked for; scrolling a row brings its next posters; the first poster
// keeps its high priority; without JavaScript every poster is still there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../helpers/app.js';
import { launchBrowser } from '../../perf/lib/browser.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
/** @type {import('playwright-core').Browser} */
let browser;
before(async () => {
  // Shedding off: on a CPU-starved machine a shed poster stays broken (browsers do not retry).
  const env = { ATF_ROWS: '3', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_EVENT_LOOP_UTILIZATION_PCT: '0' };
  [app, browser] = await Promise.all([startApp({ env }), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await app?.close();
});

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true };
const POSTER = /\/art\/([a-z0-9-]+)\.(\d+)w\./;

/** @param {any} img an <img>: loaded, with pixels */
const loaded = (img) => img?.complete && img.naturalWidth > 0;

/** A phone's fresh load, hydrated, network quiet and the browser idle twice over; poster requests recorded. */
async function openOnPhone() {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  /** @type {Map<string, string>} title id → width asked for */
  const asked = new Map();
  page.on('request', (request) => {
    const match = POSTER.exec(request.url());
    if (match) asked.set(match[1], match[2]);
  });
  await page.goto(`${app.url}/`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0);
  // The rows' observers have reported and what they revealed is on its way.
  const idle = () => page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await idle();
  await page.waitForLoadState('networkidle');
  await idle();
  return { context, page, asked, errors };
}

test('on a phone, once idle, no poster far outside its row has been asked for; those in view have, at 2x', async () => {
  const { context, page, asked, errors } = await openOnPhone();
  const cards = await page.evaluate(() =>
    [...document.querySelectorAll('[data-title-id]')].map((card) => {
      const box = card.getBoundingClientRect();
      const area = /** @type {Element} */ (card.closest('.row__cards')).getBoundingClientRect();
      return {
        id: card.getAttribute('data-title-id') ?? '',
        inView: box.top < window.innerHeight && box.left < area.right && box.right > area.left,
        // A whole scroller's width beyond its visible area, or two screens down.
        far: box.left > area.right + area.width || box.top > 2 * window.innerHeight,
      };
    }),
  );
  const inView = cards.filter((card) => card.inView);
  assert.ok(inView.length >= 4, `posters in view (${inView.length})`);
  for (const card of inView) assert.equal(asked.get(card.id), '320', `${card.id}: in view, the 320w file at 2.625x`);
  const far = cards.filter((card) => card.far && !inView.some((seen) => seen.id === card.id));
  assert.ok(far.length > 10, 'the page has cards far outside');
  assert.deepEqual(
    far.filter((card) => asked.has(card.id)).map((card) => card.id),
    [],
    'no poster of a far card asked for',
  );
  const first = page.locator('[data-row-index="0"] img.card__art').first();
  assert.equal(await first.getAttribute('fetchpriority'), 'high', 'the LCP poster keeps its priority');
  assert.equal(await first.getAttribute('loading'), null, 'and is not lazy');
  assert.equal(await page.locator('img[fetchpriority="high"]').count(), 1);
  assert.deepEqual(errors, [], 'hydration matched: no error');
  await context.close();
});

test('scrolling a row brings its next posters', async () => {
  const { context, page, asked } = await openOnPhone();
  const row = page.locator('[data-row-index="1"]');
  const ids = await row
    .locator('[data-title-id]')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-title-id')));
  const next = /** @type {string} */ (ids.find((id, position) => position >= 4 && id && !asked.has(id)));
  assert.ok(next, 'a card of row 1 whose poster is not asked for yet');
  const requested = page.waitForRequest((request) => POSTER.exec(request.url())?.[1] === next);
  await row
    .locator(`[data-title-id="${next}"]`)
    .evaluate((card) => card.scrollIntoView({ inline: 'start', block: 'nearest' }));
  await requested;
  // A title can sit in several rows: this row's card.
  const poster = await row.locator(`[data-title-id="${next}"] img.card__art`).elementHandle();
  await page.waitForFunction(loaded, poster);
  await context.close();
});

test('without JavaScript, every card shows its poster (the noscript copy), no placeholder', async () => {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${app.url}/`);
  const row = page.locator('[data-row-index="0"] [data-title-id]');
  const last = row.last();
  await last.evaluate((card) => card.scrollIntoView({ inline: 'end', block: 'nearest' }));
  const shown = last.locator('img.card__art:not(.card__art--later)');
  await page.waitForFunction(loaded, await shown.elementHandle());
  assert.equal(await last.locator('.card__art--later').evaluate((img) => getComputedStyle(img).display), 'none');
  await context.close();
});
