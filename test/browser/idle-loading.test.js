// @ts-check
/* global window, document -- addInitScript, evaluate and waitForFunction bodies run in the page */
// Issues 26 and 37: after hydration nothing of Marquee's runs until the visitor
// asks. Before the page is idle, neither Falcor's chunk nor measurement's nor
// navigation's is fetched unless something needs it; at idle they are fetched
// network only (prefetch) and none of them runs; the first intent runs them;
// a write or a click that comes first still works; and measurement loaded late
// still reports what happened from page start.
// Idle is held back by a stub of requestIdleCallback, released by the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appAndBrowser } from '../helpers/browser-app.js';

// Every home row on the server: no placeholder nears the viewport, so no row needs Falcor.
const started = appAndBrowser({ env: { ATF_ROWS: 'all' } });

/** The lazy chunks the first intent runs, by the names the build gives them. */
const CHUNKS = /** @type {const} */ ({ model: '/chunks/model-', measure: '/chunks/measure-', nav: '/chunks/nav-' });

/** A new visitor on `path` with idle held back; records which lazy chunks were requested. */
async function visitWithIdleHeld(/** @type {string} */ path) {
  const context = await started.browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    /** @type {any} */
    const w = window;
    /** @type {Function[]} */
    w.__heldIdle = [];
    w.requestIdleCallback = (/** @type {Function} */ callback) => w.__heldIdle.push(callback);
    w.__releaseIdle = () => {
      w.requestIdleCallback = (/** @type {Function} */ callback) => setTimeout(callback, 0);
      for (const callback of w.__heldIdle.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
    };
  });
  /** @type {string[]} */
  const requested = [];
  /** @type {string[]} chunks requested as scripts to run (not prefetched) */
  const asScript = [];
  /** @type {string[]} requested by a fetch */
  const fetched = [];
  /** @type {string[]} */
  const errors = [];
  page.on('request', (r) => {
    requested.push(new URL(r.url()).pathname);
    if (r.resourceType() === 'script') asScript.push(new URL(r.url()).pathname);
    if (r.resourceType() === 'fetch') fetched.push(new URL(r.url()).pathname);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${started.app.url}${path}`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 10_000,
  });
  const chunk = (/** @type {keyof typeof CHUNKS} */ name) => requested.some((p) => p.includes(CHUNKS[name]));
  const ran = (/** @type {keyof typeof CHUNKS} */ name) => asScript.some((p) => p.includes(CHUNKS[name]));
  return { context, page, requested, fetched, errors, chunk, ran };
}

/** Whether the page has seen the visitor's first intent (client/intent.js marks it). */
const intentSeen = (/** @type {import('playwright-core').Page} */ page) =>
  page.evaluate(() => performance.getEntriesByName('marquee:intent').length > 0);

test('no input: at idle the chunks the first intent runs are fetched network only, and none runs', async () => {
  const { context, page, chunk, ran, fetched, errors } = await visitWithIdleHeld('/');
  await page.waitForLoadState('networkidle');
  assert.equal(
    await page.evaluate(() => /** @type {any} */ (window).__heldIdle.length > 0),
    true,
    'the prefetch waits for idle',
  );
  for (const name of /** @type {const} */ (['model', 'measure', 'nav'])) {
    assert.equal(chunk(name), false, `${name} chunk not fetched before idle`);
  }

  await page.evaluate(() => /** @type {any} */ (window).__releaseIdle());
  await page.waitForFunction(() => document.querySelectorAll('link[rel="prefetch"]').length > 0, null, {
    timeout: 10_000,
  });
  await page.waitForLoadState('networkidle');
  for (const name of /** @type {const} */ (['model', 'measure', 'nav'])) {
    assert.equal(chunk(name), true, `${name} chunk fetched at idle`);
    assert.equal(ran(name), false, `${name} chunk prefetched, not imported`);
  }
  assert.equal(await intentSeen(page), false, 'no intent: nothing asked');
  assert.equal(await page.evaluate(() => Boolean(/** @type {any} */ (window).__marqueePerf)), false, 'no measurement');
  // Asked for by code, that is: the first scroll's rows are prefetched at idle, network only (client/early-rows.js).
  assert.equal(fetched.includes('/model.json'), false, 'no data asked for');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the first intent, a wheel on the page, runs measurement and navigation', async () => {
  const { context, page, errors } = await visitWithIdleHeld('/');
  await page.waitForLoadState('networkidle');
  assert.equal(await intentSeen(page), false);
  await page.mouse.wheel(0, 40);
  // After a scroll, navigation and measurement wait for the idle after it (the rows come first).
  await page.evaluate(() => /** @type {any} */ (window).__releaseIdle());
  await page.waitForFunction(() => Boolean(/** @type {any} */ (window).__marqueePerf), null, { timeout: 10_000 });
  const detail = await page.evaluate(
    () => /** @type {any} */ (performance.getEntriesByName('marquee:intent')[0]).detail,
  );
  assert.ok(['wheel', 'scroll', 'pointerover'].includes(detail), `the intent was the wheel's (${detail})`);
  // Navigation runs: a click now is handled without a document request and without waiting for code.
  const link = page.locator('section.row[data-row-index="0"] a.card__link').first();
  const href = /** @type {string} */ (await link.getAttribute('href'));
  await link.click();
  await page.locator('h1.title__name').waitFor();
  assert.equal(new URL(page.url()).pathname, href);
  assert.deepEqual(errors, []);
  await context.close();
});

test('measurement loaded late still sees page start: FCP, LCP, TTFB, App TTI and lab TTI', async () => {
  const { context, page } = await visitWithIdleHeld('/');
  // Everything the page loads is done (LCP's poster too) before measurement is fetched,
  // on the first intent: the pointer over the page.
  await page.waitForLoadState('networkidle');
  await page.mouse.move(200, 300);
  // Measurement loads at the idle after the first intent.
  await page.evaluate(() => /** @type {any} */ (window).__releaseIdle());
  await page.waitForFunction(
    () => {
      const perf = /** @type {any} */ (window).__marqueePerf;
      return Boolean(perf) && perf.snapshot().labTTIStatus !== 'pending';
    },
    null,
    { timeout: 40_000 },
  );
  const snapshot = await page.evaluate(() => /** @type {any} */ (window).__marqueePerf.snapshot());
  const m = snapshot.metrics;
  for (const name of ['fcp', 'lcp', 'ttfb', 'appTTI', 'labTTI']) {
    assert.equal(typeof m[name], 'number', `${name} measured although measurement loaded late`);
  }
  assert.equal(snapshot.labTTIStatus, 'found');
  assert.ok(m.labTTI >= m.fcp, `lab TTI ${m.labTTI} not before FCP ${m.fcp}`);
  await context.close();
});

test('a write before idle loads Falcor on demand and is saved', async () => {
  const { context, page, chunk, errors } = await visitWithIdleHeld('/');
  const toggle = page.locator('section.row[data-row-index="0"] li.card button.mylist').first();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  const written = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/model.json' && r.request().method() === 'POST',
    { timeout: 10_000 },
  );
  await toggle.click();
  assert.equal((await written).ok(), true, 'the write reached the server');
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  assert.equal(chunk('model'), true, 'Falcor fetched for the write');
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).__heldIdle.length > 0), true, 'still not idle');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a click before idle still navigates without a new document', async () => {
  const { context, page, requested, errors } = await visitWithIdleHeld('/');
  const link = page.locator('section.row[data-row-index="0"] a.card__link').first();
  const href = /** @type {string} */ (await link.getAttribute('href'));
  await link.click();
  await page.waitForURL(`${started.app.url}${href}`);
  await page.locator('h1.title__name').waitFor();
  assert.equal(requested.filter((p) => p === href).length, 0, 'no document request for the title');
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).__heldIdle.length > 0), true, 'still not idle');
  assert.deepEqual(errors, []);
  await context.close();
});
