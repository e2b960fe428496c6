// @ts-check
/* global window, document, addEventListener -- page.evaluate and waitForFunction bodies run in the page */
// The back/forward cache in real Chromium (issue 27): `/` → a page of another
// origin → Back restores the page from the cache (pageshow persisted, no new
// request for it), a My List change made meanwhile in a second tab shows on
// the restored page, and the restore is beaconed. Pages answered `no-store`
// before, which bars a page from the cache: this test fails with it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { startApp } from '../helpers/app.js';
import { CHROMIUM_ARGS, launchBrowser } from '../../perf/lib/browser.js';
import { perfSummary } from '../helpers/beacons.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {import('node:http').Server} */
let elsewhere;
let elsewhereUrl = '';

before(async () => {
  elsewhere = createServer((_req, res) => res.end('<!doctype html><title>Elsewhere</title><p>another site</p>'));
  await new Promise((resolve) => elsewhere.listen(0, '127.0.0.1', () => resolve(undefined)));
  // Another origin: the same address by another name (a host differs, so the origin does).
  elsewhereUrl = `http://localhost:${/** @type {import('node:net').AddressInfo} */ (elsewhere.address()).port}/`;
  // Playwright turns the back/forward cache off unless told not to. Chromium
  // since 2025 keeps some `no-store` pages (for 3 minutes, while no cookie
  // changes: https://developer.chrome.com/docs/web-platform/bfcache-ccns);
  // Firefox, Safari and older Chromium keep none: the test takes their rule.
  [app, browser] = await Promise.all([
    startApp({ env: { ATF_ROWS: '3' } }),
    launchBrowser({
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
      args: [...CHROMIUM_ARGS, '--disable-features=CacheControlNoStoreEnterBackForwardCache'],
    }),
  ]);
});
after(async () => {
  await browser?.close();
  await app?.close();
  elsewhere?.closeAllConnections();
  await new Promise((resolve) => elsewhere?.close(resolve));
});

const hydrated = (/** @type {import('playwright-core').Page} */ page) =>
  page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, { timeout: 10_000 });

test('Back from another site restores the page from the cache, with My List as changed meanwhile', async () => {
  // A busy browser may drop a page it was storing for reasons of its own (a timeout while freezing,
  // an eviction), which the page's entry reports only as "masked"; a reason the page gave, such as
  // no-store or an open fetch, has a name and is never retried.
  let attempt = await leaveAndComeBack();
  for (let tries = 1; !attempt.restored && attempt.browsersOwnReasonsOnly && tries < 3; tries++) {
    await attempt.context.close();
    attempt = await leaveAndComeBack();
  }
  const { context, page, id, shows, homeRequests, why } = attempt;
  assert.deepEqual(
    shows,
    [false, true],
    `Back must restore the page from the back/forward cache; not restored: ${why}`,
  );
  assert.deepEqual(homeRequests, ['GET'], 'a restored page asks the server for nothing');

  // The restored page read the visitor's data again: the card is pressed, the My List row holds it.
  await page.locator(`section.row[data-row-index="-1"] li.card[data-title-id="${id}"]`).waitFor({ timeout: 10_000 });
  assert.equal(
    await page
      .locator(`section.row[data-row-index="0"] li.card[data-title-id="${id}"] button.mylist`)
      .getAttribute('aria-pressed'),
    'true',
  );

  // And the restore was counted.
  await waitFor(async () => {
    const { recent } = await perfSummary(app.url);
    return recent.some((/** @type {any} */ b) => b.navigationType === 'back-forward-cache' && b.route === '/');
  }, 'a back-forward-cache beacon for / on /perf');
  await context.close();
});

/**
 * One new visitor: `/`, a first intent, another site, a My List change in a second tab, Back.
 * Says whether the page came back from the cache and, if not, why: the reasons the page's entry
 * gives, and Chromium's own names for them over the DevTools protocol (the entry masks the internal ones).
 */
async function leaveAndComeBack() {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Every pageshow of every document, and whether the cache restored it (a restore fires no load event).
  await page.addInitScript(() => {
    const shows = /** @type {boolean[]} */ (/** @type {any} */ (window).__pageshows = []);
    addEventListener('pageshow', (event) => shows.push(event.persisted));
  });
  /** @type {{ type: string, reason: string }[]} */
  const explanations = [];
  const cdp = await context.newCDPSession(page);
  await cdp.send('Page.enable');
  cdp.on('Page.backForwardCacheNotUsed', (event) => explanations.push(...event.notRestoredExplanations));
  /** @type {string[]} */
  const homeRequests = [];
  page.on('request', (r) => r.url() === `${app.url}/` && homeRequests.push(r.method()));
  // What the page does after hydration is what could bar it from the cache (a fetch, a listener):
  // it leaves once its measurement has loaded and a row below the fold has been fetched, both on
  // the visitor's first intent (issue 37), here a wheel.
  const rowFetched = page.waitForResponse((r) => new URL(r.url()).pathname === '/model.json');
  await page.goto(`${app.url}/`);
  await hydrated(page);
  await page.mouse.move(200, 300);
  await page.mouse.wheel(0, 10);
  await rowFetched;
  await page.waitForFunction(() => /** @type {any} */ (window).__marqueePerf, null, { timeout: 10_000 });
  const card = page.locator('section.row[data-row-index="0"] li.card').first();
  const id = await card.getAttribute('data-title-id');
  assert.equal(await card.locator('button.mylist').getAttribute('aria-pressed'), 'false');
  assert.equal(await page.locator('section.row[data-row-index="-1"]').count(), 0, 'a new visitor has no My List row');

  await page.goto(elsewhereUrl);

  // Meanwhile, in a second tab of the same visitor: the first card goes into My List.
  const other = await context.newPage();
  await other.goto(`${app.url}/`);
  await hydrated(other);
  const written = other.waitForResponse(
    (r) => new URL(r.url()).pathname === '/model.json' && r.request().method() === 'POST',
  );
  await other.locator(`section.row[data-row-index="0"] li.card[data-title-id="${id}"] button.mylist`).click();
  assert.equal((await written).status(), 200);
  await other.close();

  await page.goBack({ waitUntil: 'commit' });
  // A restore shows the old document again (a second pageshow); a reload makes a new one (a first).
  await page.waitForFunction(
    () =>
      /** @type {any} */ (window).__pageshows.length === 2 ||
      (document.readyState === 'complete' && performance.getEntriesByType('navigation')[0]?.type === 'back_forward'),
    null,
    { timeout: 10_000 },
  );
  const shows = await page.evaluate(() => /** @type {any} */ (window).__pageshows);
  const reported = await page.evaluate(
    () => /** @type {any} */ (performance.getEntriesByType('navigation')[0]).notRestoredReasons,
  );
  /** @type {string[]} */
  const reasons = [];
  (function collect(/** @type {any} */ node) {
    if (!node) return;
    for (const r of node.reasons ?? []) reasons.push(r.reason);
    for (const child of node.children ?? []) collect(child);
  })(reported);
  const restored = shows.length === 2 && shows[1] === true;
  return {
    context,
    page,
    id,
    shows,
    homeRequests,
    restored,
    browsersOwnReasonsOnly: reasons.length > 0 && reasons.every((r) => r === 'masked'),
    why: `${JSON.stringify(reported)}; Chromium: ${JSON.stringify(explanations)}`,
  };
}

/**
 * Polls `check` until it holds (a beacon arrives when the browser sends it).
 * @param {() => Promise<boolean>} check
 * @param {string} what
 */
async function waitFor(check, what, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
