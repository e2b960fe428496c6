// @ts-check
/* global document, window -- page.evaluate and waitForFunction bodies run in the page */
// Clicks answered from the cache in real Chromium (issue 19), with
// NAV_PREFETCH=off so that nothing is in the cache but what the cards put
// there: the title's heading and facts show at once, the rest arrives into
// fixed-size placeholders (nothing moves), the page's code was loaded on
// intent before the click; Back after a My List change shows home before
// the invalidated list is fetched again; with the catalog stalled, the
// cached heading shows and the parts that could not load say so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../helpers/app.js';
import { launchBrowser } from '../../perf/lib/browser.js';

/** Until `check()` holds, polled (at most 10 s). */
async function waitUntil(/** @type {() => boolean} */ check) {
  for (const until = Date.now() + 10_000; !check();) {
    if (Date.now() > until) throw new Error(`still not so after 10 s: ${check}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
/** @type {import('playwright-core').Browser} */
let browser;
before(async () => {
  [app, browser] = await Promise.all([
    startApp({ env: { ATF_ROWS: '3', NAV_PREFETCH: 'off', UPSTREAM_TIMEOUT_MS: '800' } }),
    launchBrowser(),
  ]);
});
after(async () => {
  await browser?.close();
  await app?.close();
});

async function openHome() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  /** @type {string[]} */
  const documents = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (r.isNavigationRequest()) documents.push(r.url());
  });
  await page.goto(`${app.url}/`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 15_000,
  });
  await page.waitForLoadState('networkidle');
  return { context, page, errors, documents };
}

/**
 * Holds every /model.json read (matching `match`) until `release()` (a timer here let a read
 * go before the test looked, on a loaded machine); `held()`: how many are held now.
 * @param {import('playwright-core').Page} page
 * @param {(url: string) => boolean} [match]
 */
async function holdReads(page, match = () => true) {
  let held = 0;
  let release = () => {};
  const released = new Promise((resolve) => (release = () => resolve(undefined)));
  await page.route('**/model.json?*', async (route) => {
    if (route.request().method() !== 'GET' || !match(route.request().url())) return route.continue();
    held++;
    await released;
    await route.continue().catch(() => {});
    held--;
  });
  return { held: () => held, release };
}

/** The top of each element, in page coordinates. */
const tops = (/** @type {import('playwright-core').Page} */ page, /** @type {string} */ selector) =>
  page.$$eval(selector, (els) => els.map((el) => Math.round(el.getBoundingClientRect().top + window.scrollY)));

test("a click shows the card's title at once; the rest fills fixed-size placeholders", async () => {
  const { context, page, errors, documents } = await openHome();
  // The page data says prefetch is off (NAV_PREFETCH=off reaches the client).
  const data = JSON.parse((await page.locator('#marquee-data').textContent()) ?? '{}');
  assert.equal(data.page.options.prefetch, false);

  const card = page.locator('section.row[data-row-index="1"] li.card').first();
  const name = await card.locator('.card__name').textContent();
  const id = await card.getAttribute('data-title-id');
  /** @type {string[]} */
  const scripts = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  // The title page's code is there before any click: fetched at idle (issue 26), or on hover before it.
  await card.locator('a.card__link').hover();
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => /\/assets\/chunks\/title-\w+\.js$/.test(e.name)),
  );
  // The hover's own code (navigation's chunk and what it imports) is in once navigation listens: a
  // chunk of it still on its way at the click was counted as fetched after it on a slow machine.
  await page.waitForFunction(() => performance.getEntriesByName('marquee:navigation').length > 0);
  const { held, release } = await holdReads(page);
  const scriptsAtClick = scripts.length;

  await card.locator('a.card__link').click();
  await page.locator('h1.title__name').waitFor();
  assert.equal(await page.locator('h1.title__name').textContent(), name, 'the heading from the cache');
  assert.ok(held() > 0, 'while its data is still on its way');
  assert.equal(await page.locator('section.row[data-row-state="placeholder"]').count(), 2, 'two row placeholders');
  assert.equal(await page.locator('.title__tagline[aria-busy="true"]').count(), 1);
  const placeholderTops = await tops(page, '.title__actions, section.row');
  release();

  await page.locator('section.row[data-row-state="loaded"] li.card').first().waitFor({ timeout: 10_000 });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  const loadedTops = await tops(page, '.title__actions, section.row');
  // A title may have fewer "more like this" rows than places kept: the page ends sooner, nothing above moves.
  assert.ok(loadedTops.length >= 2, 'the actions and at least one row');
  assert.deepEqual(loadedTops, placeholderTops.slice(0, loadedTops.length), 'nothing moved as data arrived');
  assert.equal(await page.getAttribute('article.title', 'data-title-id'), id);
  // (The keyboard navigation chunk may come now: a click focuses the link.)
  const pageCode = scripts.slice(scriptsAtClick).filter((url) => /\/(title|nav|chunk)-\w+\.js$/.test(url));
  assert.deepEqual(pageCode, [], 'no page or navigation code fetched after the click');
  assert.deepEqual(documents, [`${app.url}/`], 'no reload');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Back after a My List change shows home at once; the list is fetched after', async () => {
  const { context, page, errors, documents } = await openHome();
  const card = page.locator('section.row[data-row-index="0"] li.card').first();
  const id = await card.getAttribute('data-title-id');
  await card.locator('a.card__link').click();
  await page.locator('h1.title__name').waitFor();
  await page.waitForLoadState('networkidle');
  // The call invalidates My List: its positions are asked for again, held here
  // (set before the click: the read may leave as soon as the call's answer lands).
  const { held, release } = await holdReads(page, (url) => url.includes('myList'));
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/model.json') && r.request().method() === 'POST'),
    page.locator('button.mylist--page').click(),
  ]);
  await page.goBack();
  const myListCard = page.locator(`section.row[data-row-index="-1"] li.card[data-title-id="${id}"]`);
  // Shown while the list's read is held: from the cache, not after the fetch.
  await myListCard.waitFor({ timeout: 5000 });
  assert.ok(await page.locator('section.row[data-row-index="0"] li.card').count(), 'the rows from the cache');
  // The read may leave just after the paint (a loaded run showed the card first): wait
  // for it, then the card must still be there while its answer is held.
  await waitUntil(() => held() === 1);
  assert.equal(await myListCard.count(), 1, 'shown while the invalidated list is still being fetched');
  const refetched = page.waitForResponse((r) => r.url().includes('/model.json') && r.url().includes('myList'));
  release();
  await refetched;
  await waitUntil(() => held() === 0);
  assert.equal(await myListCard.count(), 1, 'and still there once fetched');
  assert.equal(documents.length, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('with the catalog stalled, a click shows the cached heading and says what could not load', async () => {
  const { context, page, errors } = await openHome();
  const card = page.locator('section.row[data-row-index="2"] li.card').nth(1);
  const name = await card.locator('.card__name').textContent();
  const stall = (/** @type {number} */ rate) =>
    fetch(`${app.catalogUrl}/_faults`, { method: 'PUT', body: JSON.stringify({ stall: rate }) });
  assert.equal((await stall(1)).status, 200);
  // The page's reads are held until the heading shows (a 2 s deadline for it ran close on a
  // loaded machine): it shows from the cache, before any answer, then the reads go on to the
  // stalled catalog.
  const { release } = await holdReads(page);
  try {
    await card.locator('a.card__link').click();
    await page.locator('h1.title__name').waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('h1.title__name').textContent(), name);
    release();
    await page.locator('.row__failed').waitFor({ timeout: 15_000 });
    assert.match((await page.locator('.row__failed').textContent()) ?? '', /could not be loaded/);
    assert.equal(await page.locator('[aria-busy="true"]').count(), 0, 'no placeholder left spinning');
    assert.equal(await page.locator('h1.title__name').textContent(), name, 'the heading stays');
  } finally {
    release();
    await stall(0);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
