// @ts-check
/* global window -- addInitScript, evaluate and waitForFunction bodies run in the page */
// Issue 26: what runs after first paint waits for idle. Before the page is idle,
// neither Falcor's chunk nor measurement's nor navigation's is fetched unless
// something needs it; a write or a click that comes first still works; and
// measurement loaded late still reports what happened from page start.
// Idle is held back by a stub of requestIdleCallback, released by the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appAndBrowser } from '../helpers/browser-app.js';

// Every home row on the server: no placeholder nears the viewport, so no row needs Falcor.
const started = appAndBrowser({ env: { ATF_ROWS: 'all' } });

/** The lazy chunks this issue moves to idle, by the names the build gives them. */
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
  /** @type {string[]} */
  const errors = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${started.app.url}${path}`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 10_000,
  });
  const chunk = (/** @type {keyof typeof CHUNKS} */ name) => requested.some((p) => p.includes(CHUNKS[name]));
  return { context, page, requested, errors, chunk };
}

test('no scroll, no input: Falcor, measurement and navigation load only once the page is idle', async () => {
  const { context, page, chunk, errors } = await visitWithIdleHeld('/');
  await page.waitForLoadState('networkidle');
  assert.equal(
    await page.evaluate(() => /** @type {any} */ (window).__heldIdle.length > 0),
    true,
    'work waits for idle',
  );
  for (const name of /** @type {const} */ (['model', 'measure', 'nav'])) {
    assert.equal(chunk(name), false, `${name} chunk not fetched before idle`);
  }

  await page.evaluate(() => /** @type {any} */ (window).__releaseIdle());
  await page.waitForFunction(() => Boolean(/** @type {any} */ (window).__marqueePerf), null, { timeout: 10_000 });
  await page.waitForLoadState('networkidle');
  for (const name of /** @type {const} */ (['model', 'measure', 'nav'])) {
    assert.equal(chunk(name), true, `${name} chunk fetched at idle`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('measurement loaded late still sees page start: FCP, LCP, TTFB, App TTI and lab TTI', async () => {
  const { context, page } = await visitWithIdleHeld('/');
  // Everything the page loads is done (LCP's poster too) before measurement is fetched.
  await page.waitForLoadState('networkidle');
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
