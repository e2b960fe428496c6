// @ts-check
/* global document, window -- page.evaluate and addInitScript bodies run in the page */
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
 * @param {{ initScript?: () => void, beforeLoad?: (page: import('playwright-core').Page) => Promise<unknown> }} [options] beforeLoad: before the page loads (routes)
 */
async function openPage(path, { initScript, beforeLoad } = {}) {
  const context = await started.browser.newContext({ viewport: { width: 1800, height: 1300 } });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  if (beforeLoad) await beforeLoad(page);
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

/**
 * Until every /model.json request recorded has finished and none has started for 300 ms.
 * (Playwright's `waitForLoadState('networkidle')` returns at once once the page has been
 * idle, so it does not wait for a prefetch that starts later.)
 * @param {{ done: boolean }[]} model
 */
async function settled(model) {
  let quietSince = Date.now();
  let seen = model.length;
  for (const until = Date.now() + 15_000; Date.now() < until;) {
    if (model.length !== seen || model.some((m) => !m.done)) {
      seen = model.length;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= 300) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('/model.json requests still in flight after 15 s');
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

/**
 * The requests that ask about titles by id: a prefetch or a title page's query. A home
 * row that loads late or retries (on a loaded machine its first answer can fail) asks
 * for `lists` only, and is not what these tests count.
 * @template {{ url: string }} T
 * @param {T[]} requests
 * @returns {T[]}
 */
const titleRequests = (requests) => requests.filter((m) => titleIdsOf(m.url).size > 0);

/** The requests' paths, for a failure's message. */
const described = (/** @type {{ url: string }[]} */ requests) =>
  requests.map((m) => new URL(m.url).searchParams.get('paths')).join('\n');

test('a card held for the dwell is prefetched with a get; the click then needs no request', async () => {
  const { context, page, model, errors } = await openPage('/');
  const link = page.locator('section.row[data-row-index="1"] a.card__link').first();
  const href = /** @type {string} */ (await link.getAttribute('href'));
  const id = href.slice('/title/'.length);
  const before = model.length;
  await link.hover();
  await page.waitForTimeout(HOLD_MS);
  await settled(model);
  const prefetches = titleRequests(model.slice(before));
  assert.equal(prefetches.length, 1, `one prefetch:\n${described(model.slice(before))}`);
  assert.equal(prefetches[0].method, 'GET');
  assert.equal(new URL(prefetches[0].url).searchParams.get('method'), 'get', 'a read, never a write');
  assert.ok(titleIdsOf(prefetches[0].url).has(id), 'the hovered title');

  const atClick = model.length;
  await link.click();
  await page.waitForFunction((id) => document.querySelector('article.title')?.getAttribute('data-title-id') === id, id);
  await page.locator('section.row[data-row-state="loaded"] li.card').first().waitFor();
  assert.equal(await page.locator('[aria-busy="true"]').count(), 0, 'nothing left to load');
  // Only the clicked title's own requests count: the pointer, still where the card was,
  // may now rest on a "more like this" card of the new page and prefetch that, rightly.
  const afterClick = model.slice(atClick).filter((m) => titleIdsOf(m.url).has(id));
  assert.equal(afterClick.length, 0, `the title page came whole from the cache, yet:\n${described(afterClick)}`);

  // The title page's own "more like this" cards prefetch the same way.
  const more = page.locator('section.row[data-row-state="loaded"] a.card__link').first();
  const moreId = /** @type {string} */ (await more.getAttribute('href')).slice('/title/'.length);
  await more.hover();
  await page.waitForTimeout(HOLD_MS);
  await settled(model);
  assert.ok(
    model.slice(atClick).some((m) => titleIdsOf(m.url).has(moreId)),
    `the "more like this" card was prefetched:\n${described(model.slice(atClick))}`,
  );
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * In the page, before its own code: how long the pointer stayed on each card, the longest
 * of its stays, by path (`globalThis.__stays`). Timed from the moment the pointer arrives
 * (this listener runs before navigation's own, registered later) until it is on something
 * else (after the card's pointerout): a card whose stay here is under the dwell had its
 * prefetch timer cancelled before it was due, and must never be prefetched.
 */
function timeStays() {
  /** @type {Record<string, number>} */
  const stays = /** @type {any} */ (globalThis.__stays = {});
  /** @type {HTMLAnchorElement | null} */
  let card = null;
  let since = 0;
  window.addEventListener(
    'pointerover',
    (event) => {
      const now = performance.now();
      const over = /** @type {any} */ (event.target)?.closest?.('a.card__link') ?? null;
      if (over === card) return;
      if (card) stays[card.pathname] = Math.max(stays[card.pathname] ?? 0, now - since);
      card = over;
      since = now;
    },
    true,
  );
}

test('a hover that leaves before the dwell sends nothing; a sweep across 20 cards at most 2', async () => {
  const { context, page, model } = await openPage('/', { initScript: timeStays });
  const cards = page.locator('section.row a.card__link');
  /** @returns {Promise<Record<string, number>>} */
  const stays = () => page.evaluate(() => /** @type {any} */ (globalThis).__stays);
  /** The title id of a card's path. */
  const idOf = (/** @type {string} */ href) => href.slice('/title/'.length);

  // How long the pointer really stayed, timed in the page: on a busy machine even a hover
  // that leaves at once (the next move) can last past the dwell. Such a try proves nothing
  // either way and is made again, on the next card in view: a prefetch it rightly caused
  // may arrive late, and must not be taken for one of the next try's.
  /** @type {string[]} */
  const inView = [];
  for (let i = 0; inView.length < 10 && i < (await cards.count()); i++) {
    const box = await cards.nth(i).boundingBox();
    const href = /** @type {string} */ (await cards.nth(i).getAttribute('href'));
    if (box && box.x >= 0 && box.x + box.width <= 1800 && box.y >= 0 && box.y + box.height <= 1300)
      if (!inView.includes(href)) inView.push(href);
  }
  let before = model.length;
  let hovered = '';
  let stayedMs = Infinity;
  for (let attempt = 0; attempt < inView.length && stayedMs >= DWELL_MS; attempt++) {
    hovered = inView[attempt];
    const at = await centre(page.locator(`section.row a.card__link[href="${hovered}"]`).first());
    before = model.length;
    await page.mouse.move(at.x, at.y);
    await page.mouse.move(5, 5);
    await page.waitForTimeout(HOLD_MS);
    stayedMs = (await stays())[hovered] ?? Infinity;
  }
  assert.ok(
    stayedMs < DWELL_MS,
    `a hover shorter than the dwell in ${inView.length} tries (last ${Math.round(stayedMs)} ms)`,
  );
  await settled(model);
  const early = titleRequests(model.slice(before)).filter((m) => titleIdsOf(m.url).has(idOf(hovered)));
  assert.equal(early.length, 0, `left ${hovered} before the dwell, yet:\n${described(early)}`);

  /** @type {{ x: number, y: number }[]} */
  const points = [];
  /** @type {string[]} */
  const hrefs = [];
  for (let i = 0; points.length < 20 && i < (await cards.count()); i++) {
    const box = await cards.nth(i).boundingBox();
    if (box && box.x >= 0 && box.x + box.width <= 1800 && box.y >= 0 && box.y + box.height <= 1300) {
      points.push({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
      hrefs.push(/** @type {string} */ (await cards.nth(i).getAttribute('href')));
    }
  }
  assert.equal(points.length, 20, 'twenty cards in view to sweep across');
  const sweepFrom = model.length;
  for (const point of points) await page.mouse.move(point.x, point.y, { steps: 2 });
  await page.mouse.move(5, 5);
  await page.waitForTimeout(HOLD_MS);
  await settled(model);
  // A busy machine may slow the sweep past the dwell on a few cards (the pointer
  // waits for each move to be handled): those may rightly be prefetched, and only
  // those. Every card the pointer crossed in less than the dwell, here or earlier,
  // must have sent nothing, and the sweep must have crossed enough of them to tell.
  const stayed = await stays();
  const held = new Set(
    Object.entries(stayed)
      .filter(([, ms]) => ms >= DWELL_MS)
      .map(([href]) => idOf(href)),
  );
  const crossed = hrefs.filter((href) => (stayed[href] ?? Infinity) < DWELL_MS);
  assert.ok(
    crossed.length >= 10,
    `the sweep crossed at least 10 of its 20 cards in less than the dwell, not ${crossed.length}: ${JSON.stringify(stayed)}`,
  );
  const swept = titleRequests(model.slice(sweepFrom));
  const unheld = swept.filter((m) => ![...titleIdsOf(m.url)].some((id) => held.has(id)));
  assert.equal(
    unheld.length,
    0,
    `crossed in less than the dwell (${[...held].length} cards stayed longer), yet:\n${described(unheld)}`,
  );
  assert.ok(
    swept.length <= Math.max(2, held.size),
    `a sweep across 20 cards sent ${swept.length} requests:\n${described(swept)}`,
  );
  await context.close();
});

test("a first hover that leaves while navigation's code still loads sends nothing", async () => {
  // Navigation's code (and with it prefetch) loads on the first intent (issue 37: the pointer's
  // first move over the page, on the masthead here): held until the pointer has left the card,
  // as on a slow link. Idle never comes here, so nothing prefetches it first.
  let routed = false;
  let release = () => {};
  const released = new Promise((resolve) => (release = () => resolve(undefined)));
  const { context, page, model } = await openPage('/', {
    initScript: () => {
      /** @type {any} */ (window).requestIdleCallback = () => 0;
    },
    beforeLoad: (page) =>
      page.route('**/assets/chunks/nav-*.js', async (route) => {
        routed = true;
        await released;
        await route.continue();
      }),
  });
  const before = model.length;
  const card = page.locator('section.row[data-row-index="0"] a.card__link').first();
  await card.hover();
  await page.mouse.move(5, 5);
  await page.waitForFunction(() => document.querySelector('a.card__link:hover') === null);
  release();
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/chunks\/nav-/.test(e.name)));
  assert.ok(routed, 'the first intent loaded navigation');
  await page.waitForTimeout(HOLD_MS);
  await settled(model);
  const sent = titleRequests(model.slice(before));
  assert.equal(sent.length, 0, `the pointer had left, yet:\n${described(sent)}`);
  // Loaded now: a hover held past the dwell prefetches.
  await card.hover();
  await page.waitForTimeout(HOLD_MS);
  await settled(model);
  assert.equal(titleRequests(model.slice(before)).length, 1);
  await page.unroute('**/assets/chunks/nav-*.js');
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
    most = Math.max(most, titleRequests(model.filter((m) => !m.done)).length);
  }, 10);
  const before = model.length;
  const links = page.locator('section.row[data-row-index="0"] a.card__link');
  for (let i = 0; i < 4; i++) {
    // Focus (the TV navigation moves focus card to card), held past the dwell.
    await links.nth(i).focus();
    await page.waitForTimeout(250);
  }
  clearInterval(timer);
  assert.equal(titleRequests(model.slice(before)).length, 2, 'two prefetches started, the others dropped');
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
    const sent = titleRequests(model.slice(before));
    assert.equal(sent.length, 0, described(sent));
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
