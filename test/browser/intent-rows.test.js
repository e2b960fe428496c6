// @ts-check
/* global document, window, scrollY -- waitForFunction bodies run in the page */
// Issue 37: the rows below the fold wait for the visitor's first intent. Right
// after hydration a placeholder within its prefetch margin asks for nothing
// (its data, Falcor's chunk and its render would run in the window that decides
// TTI); the first scroll loads the rows near the viewport.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appAndBrowser } from '../helpers/browser-app.js';

const started = appAndBrowser();

test('a placeholder near the viewport waits for the first intent, then loads on the first scroll', async () => {
  const context = await started.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  /** @type {string[]} */
  const requested = [];
  // Asked for by code (a fetch): the first scroll's rows prefetched at idle are network only.
  page.on('request', (r) => r.resourceType() === 'fetch' && requested.push(new URL(r.url()).pathname));
  await page.goto(`${started.app.url}/`);
  const row = page.locator('section.row[data-row-index="3"]');
  // Should it fail, say which intent the page saw, and from where.
  const seen = await page.evaluate(() =>
    JSON.stringify({
      intent: performance.getEntriesByName('marquee:intent').map((e) => /** @type {any} */ (e).detail),
      scrollY,
      early: /** @type {any} */ (window).__marqueeEarly?.at,
    }),
  );
  assert.equal(await row.getAttribute('data-row-state'), 'placeholder', `row 3 is not server-rendered (${seen})`);
  // Idle has come (its prefetch is in the head) and the network is quiet: nothing asked for the row.
  await page.waitForFunction(() => document.querySelectorAll('link[rel="prefetch"]').length > 0, null, {
    timeout: 15_000,
  });
  await page.waitForLoadState('networkidle');
  const intent = await page.evaluate(() =>
    performance.getEntriesByName('marquee:intent').map((e) => `${/** @type {any} */ (e).detail} at ${e.startTime}`),
  );
  assert.equal(
    await row.getAttribute('data-row-state'),
    'placeholder',
    `still a placeholder without intent (the page saw: ${intent.join(', ') || 'no intent'})`,
  );
  assert.equal(requested.includes('/model.json'), false, 'no row data asked for without intent');
  // Snapping, switched on after the first paint, moves no row: it scrolled every row by its 6 px of
  // padding, and that scroll event read as the first intent whenever hydration committed before the paint.
  await page.waitForFunction(() => document.documentElement.classList.contains('rows-snap'));
  assert.deepEqual(
    await page.evaluate(() => [...document.querySelectorAll('.row__cards')].map((e) => e.scrollLeft).filter(Boolean)),
    [],
    'no row scrolled by snapping',
  );
  // A placeholder that waits shimmers not: an endless animation's events and frames kept an
  // untouched page's main thread from ever going quiet (Lighthouse's TTI window).
  assert.deepEqual(
    await page.evaluate(() =>
      document
        .getAnimations()
        .map(
          (a) => `${/** @type {any} */ (a.effect)?.target?.className} ${/** @type {any} */ (a).animationName ?? ''}`,
        ),
    ),
    [],
    'no animation while nothing loads',
  );

  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 300);
  await page.waitForFunction(
    () => document.querySelector('section.row[data-row-index="3"]')?.getAttribute('data-row-state') === 'loaded',
    null,
    { timeout: 15_000 },
  );
  assert.ok(requested.includes('/model.json'), 'the row was fetched once the visitor scrolled');
  await context.close();
});

test('a scroll before hydration is an intent: the rows it brought into view load with no further input', async () => {
  const context = await started.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  // The page's scripts wait until the visitor has scrolled: hydration, and every listener, come after.
  /** @type {() => void} */
  let release = () => {};
  const scrolled = new Promise((resolve) => (release = () => resolve(undefined)));
  await page.route('**/*.js', async (route) => {
    await scrolled;
    await route.continue();
  });
  await page.goto(`${started.app.url}/`, { waitUntil: 'commit' });
  const row = page.locator('section.row[data-row-index="3"]');
  await row.waitFor({ state: 'attached' });
  await page.evaluate(() => document.querySelector('section.row[data-row-index="3"]')?.scrollIntoView());
  assert.equal(await page.evaluate(() => performance.getEntriesByName('marquee:interactive').length), 0);
  release();
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 15_000,
  });
  // No input after hydration: the scroll that came before it is the one the rows answer.
  await page.waitForFunction(
    () => document.querySelector('section.row[data-row-index="3"]')?.getAttribute('data-row-state') === 'loaded',
    null,
    { timeout: 15_000 },
  );
  assert.equal(
    await page.evaluate(() => /** @type {any} */ (performance.getEntriesByName('marquee:intent')[0])?.detail),
    'scroll',
  );
  await context.close();
});
