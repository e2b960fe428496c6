// @ts-check
/* global document -- page.evaluate and addInitScript bodies run in the page */
// Prefetch on intent in real Chromium (issue 19): a card held for the dwell
// has its title page's data fetched (a get, with the visitor's own cookie),
// and then the click needs nothing more; a hover that leaves early, a sweep
// across 20 cards, Save-Data and 2G send nothing or next to nothing; never
// more than two in flight; one visitor's list and rating never reach another.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appAndBrowser } from '../helpers/browser-app.js';
import { DWELL_MS } from '../../client/nav/prefetcher.js';

/** Comfortably past the dwell (100 ms). */
const HOLD_MS = 400;

const started = appAndBrowser();

/**
 * A fresh visitor (own context, own cookie) on `path`, its /model.json requests recorded.
 * @param {string} path
 * @param {{ initScript?: () => void }} [options]
 */
async function openPage(path, { initScript } = {}) {
  const context = await started.browser.newContext({ viewport: { width: 1800, height: 1300 } });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  /** @type {{ method: string, url: string, done: boolean }[]} */
  const model = [];
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/model.json') model.push({ method: r.method(), url: r.url(), done: false });
  });
  const finish = (/** @type {import('playwright-core').Request} */ r) => {
    const entry = model.find((m) => m.url === r.url() && !m.done);
    if (entry) entry.done = true;
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
  await page.goto(`${started.app.url}${path}`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 15_000,
  });
  await page.waitForLoadState('networkidle');
  // The pointer starts on the masthead: not on a card.
  await page.mouse.move(5, 5);
  return { context, page, model, errors, since: () => model.length };
}

/** Centre of an element. */
async function centre(/** @type {import('playwright-core').Locator} */ locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The title ids a /model.json get asks about. */
function titleIdsOf(/** @type {string} */ url) {
  const paths = JSON.parse(new URL(url).searchParams.get('paths') ?? '[]');
  return new Set(paths.filter((p) => p[0] === 'titlesById').map((p) => p[1]));
}

test('a card held for the dwell is prefetched with a get; the click then needs no request', async () => {
  const { context, page, model, errors } = await openPage('/');
  const link = page.locator('section.row[data-row-index="1"] a.card__link').first();
  const href = /** @type {string} */ (await link.getAttribute('href'));
  const id = href.slice('/title/'.length);
  const before = model.length;
  await link.hover();
  await page.waitForTimeout(HOLD_MS);
  await page.waitForLoadState('networkidle');
  const prefetches = model.slice(before);
  assert.equal(prefetches.length, 1, `one prefetch:\n${prefetches.map((m) => m.url).join('\n')}`);
  assert.equal(prefetches[0].method, 'GET');
  assert.equal(new URL(prefetches[0].url).searchParams.get('method'), 'get', 'a read, never a write');
  assert.ok(titleIdsOf(prefetches[0].url).has(id), 'the hovered title');

  const atClick = model.length;
  await link.click();
  await page.waitForFunction((id) => document.querySelector('article.title')?.getAttribute('data-title-id') === id, id);
  await page.locator('section.row[data-row-state="loaded"] li.card').first().waitFor();
  assert.equal(await page.locator('[aria-busy="true"]').count(), 0, 'nothing left to load');
  assert.equal(model.length, atClick, 'the title page came whole from the cache');

  // The title page's own "more like this" cards prefetch the same way.
  const more = page.locator('section.row[data-row-state="loaded"] a.card__link').first();
  const moreId = /** @type {string} */ (await more.getAttribute('href')).slice('/title/'.length);
  await more.hover();
  await page.waitForTimeout(HOLD_MS);
  await page.waitForLoadState('networkidle');
  const next = model.slice(atClick);
  assert.equal(next.length, 1);
  assert.ok(titleIdsOf(next[0].url).has(moreId));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a hover that leaves before the dwell sends nothing; a sweep across 20 cards at most 2', async () => {
  const { context, page, model } = await openPage('/');
  const cards = page.locator('section.row a.card__link');
  const first = await centre(cards.first());
  // How long the pointer really stayed, timed in the page: on a busy machine a
  // 30 ms hover can last past the dwell between two mouse moves. Such a try
  // proves nothing either way and is made again.
  await cards.first().evaluate((link) => {
    const times = /** @type {any} */ (globalThis.__hover = { enter: 0, leave: 0 });
    link.addEventListener('pointerenter', () => (times.enter = performance.now()));
    link.addEventListener('pointerleave', () => (times.leave = performance.now()));
  });
  let before = model.length;
  let stayedMs = Infinity;
  for (let attempt = 0; attempt < 5 && stayedMs >= DWELL_MS; attempt++) {
    before = model.length;
    await page.mouse.move(first.x, first.y);
    await page.waitForTimeout(30);
    await page.mouse.move(5, 5);
    await page.waitForTimeout(HOLD_MS);
    const { enter, leave } = await page.evaluate(() => /** @type {any} */ (globalThis).__hover);
    stayedMs = leave - enter;
  }
  assert.ok(stayedMs < DWELL_MS, `a hover shorter than the dwell in 5 tries (last ${Math.round(stayedMs)} ms)`);
  assert.equal(model.length - before, 0, 'left before the dwell');

  /** @type {{ x: number, y: number }[]} */
  const points = [];
  for (let i = 0; points.length < 20 && i < (await cards.count()); i++) {
    const box = await cards.nth(i).boundingBox();
    if (box && box.x >= 0 && box.x + box.width <= 1800 && box.y >= 0 && box.y + box.height <= 1300)
      points.push({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
  }
  assert.equal(points.length, 20, 'twenty cards in view to sweep across');
  before = model.length;
  for (const point of points) await page.mouse.move(point.x, point.y, { steps: 2 });
  await page.mouse.move(5, 5);
  await page.waitForTimeout(HOLD_MS);
  await page.waitForLoadState('networkidle');
  const sent = model.length - before;
  assert.ok(sent <= 2, `a sweep across 20 cards sent ${sent} requests`);
  await context.close();
});

test('never more than two prefetches in flight; keyboard focus prefetches too', async () => {
  const { context, page, model } = await openPage('/');
  // Answers held until the test lets them go, so that in-flight prefetches pile up if they
  // can (a timer here let the first answer arrive mid-loop on a loaded machine: a third
  // prefetch then started, rightly).
  /** @type {import('playwright-core').Route[]} */
  const held = [];
  await page.route('**/model.json?*', (route) => {
    held.push(route);
  });
  let most = 0;
  const timer = setInterval(() => {
    most = Math.max(most, model.filter((m) => !m.done).length);
  }, 10);
  const before = model.length;
  const links = page.locator('section.row[data-row-index="0"] a.card__link');
  for (let i = 0; i < 4; i++) {
    // Focus (the TV navigation moves focus card to card), held past the dwell.
    await links.nth(i).focus();
    await page.waitForTimeout(250);
  }
  clearInterval(timer);
  assert.equal(model.length - before, 2, 'two prefetches started, the others dropped');
  assert.ok(most <= 2, `${most} in flight at once`);
  await Promise.all(held.map((route) => route.continue()));
  await page.unroute('**/model.json?*');
  await context.close();
});

for (const [name, connection] of /** @type {const} */ ([
  ['Save-Data', { saveData: true, effectiveType: '4g' }],
  ['a 2G connection', { saveData: false, effectiveType: '2g' }],
])) {
  test(`nothing is prefetched under ${name}`, async () => {
    const { context, page, model } = await openPage('/', {
      initScript: /** @type {() => void} */ (
        new Function(
          `Object.defineProperty(navigator, 'connection', { configurable: true, get: () => (${JSON.stringify(connection)}) });`,
        )
      ),
    });
    assert.deepEqual(await page.evaluate(() => /** @type {any} */ (navigator).connection), connection);
    const before = model.length;
    const link = page.locator('section.row[data-row-index="1"] a.card__link').first();
    await link.hover();
    await page.waitForTimeout(HOLD_MS);
    await link.focus();
    await page.waitForTimeout(HOLD_MS);
    assert.equal(model.length - before, 0);
    await context.close();
  });
}

test("a prefetch never shows one visitor's list or rating to another", async () => {
  // Visitor A puts a title in My List and rates it.
  const a = await openPage('/');
  const link = a.page.locator('section.row[data-row-index="0"] a.card__link').first();
  const href = /** @type {string} */ (await link.getAttribute('href'));
  const id = href.slice('/title/'.length);
  await a.page.goto(`${started.app.url}${href}`);
  await a.page.locator('h1.title__name').waitFor();
  await Promise.all([
    a.page.waitForResponse((r) => r.url().includes('/model.json') && r.request().method() === 'POST'),
    a.page.locator('button.mylist--page').click(),
  ]);
  await Promise.all([
    a.page.waitForResponse((r) => r.url().includes('/model.json') && r.request().method() === 'POST'),
    a.page.locator('.rating button[aria-label="4 stars"]').click(),
  ]);
  await a.page.reload();
  assert.equal(await a.page.locator('button.mylist--page').getAttribute('aria-pressed'), 'true', 'A saved it');
  assert.equal(await a.page.locator('.rating').getAttribute('data-rating'), '4');

  // Visitor B hovers the same card: the prefetch is B's own.
  const b = await openPage('/');
  const card = b.page.locator(`section.row[data-row-index="0"] a.card__link[href="${href}"]`);
  const [prefetch] = await Promise.all([
    b.page.waitForResponse((r) => r.url().includes('/model.json') && titleIdsOf(r.url()).has(id)),
    card.hover().then(() => b.page.waitForTimeout(HOLD_MS)),
  ]);
  const graph = (await prefetch.json()).jsonGraph;
  assert.notEqual(graph.titlesById[id].inMyList, true, "A's list is not in B's answer");
  assert.ok([null, undefined].includes(graph.titlesById[id].userRating?.value ?? graph.titlesById[id].userRating));
  await card.click();
  await b.page.locator('h1.title__name').waitFor();
  await b.page.waitForLoadState('networkidle');
  assert.equal(await b.page.locator('button.mylist--page').getAttribute('aria-pressed'), 'false');
  assert.equal(await b.page.locator('.rating').getAttribute('data-rating'), '');
  await a.context.close();
  await b.context.close();
});
