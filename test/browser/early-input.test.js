// @ts-check
/* global window -- page.evaluate and waitForFunction bodies run in the page */
// Input before interactive in real Chromium (issue 27): a click on a card
// while the page's scripts are held back is counted by the inline counter
// (views/partials/early-input.hbs), held instead of reloading the whole page,
// replayed into client navigation once the page is interactive, and its wait
// reaches the server in the beacon.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appAndBrowser } from '../helpers/browser-app.js';
import { perfSummary } from '../helpers/beacons.js';

const started = appAndBrowser();

test('a click on a card before the scripts ran: one input, its wait, and the title opened without a reload', async () => {
  const { app, browser } = started;
  const page = await browser.newPage();
  /** @type {string[]} */
  const documents = [];
  page.on('request', (r) => r.resourceType() === 'document' && documents.push(new URL(r.url()).pathname));
  // The entry script is held until the click has been made.
  /** @type {() => void} */
  let release = () => {};
  const released = new Promise((resolve) => (release = () => resolve(undefined)));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${app.url}/`, { waitUntil: 'commit' });
  const link = page.locator('section.row[data-row-index="0"] a.card__link').first();
  const href = await link.getAttribute('href');
  await link.click();
  const early = await page.evaluate(() => /** @type {any} */ (window).__marqueeEarly);
  assert.equal(early.at.length, 1, 'one press (pointerdown) before interactive; its click is the same input');
  assert.equal(early.waits, null, 'not interactive yet');
  assert.equal(new URL(page.url()).pathname, '/', 'the click is held, not followed by a reload');

  release();
  await page.waitForURL(`${app.url}${href}`, { timeout: 10_000 });
  await page.locator('h1.title__name').waitFor();
  assert.deepEqual(documents, ['/'], 'the held click became a client navigation: no second document');
  const waits = await page.evaluate(() => /** @type {any} */ (window).__marqueeEarly.waits);
  assert.equal(waits.length, 1);
  assert.ok(waits[0] > 0 && waits[0] < 10_000, `its wait until the page handled it: ${waits[0]} ms`);

  // The beacon carries it (sent when the page is left, at the latest).
  await page.waitForFunction(() => /** @type {any} */ (window).__marqueePerf, null, { timeout: 10_000 });
  await page.goto('about:blank');
  const summary = await eventually(async () => {
    const s = await perfSummary(app.url);
    return s.beacons > 0 ? s : undefined;
  });
  assert.deepEqual(
    summary.recent[0].earlyInput.map(Math.round),
    waits.map((/** @type {number} */ ms) => Math.round(ms)),
  );
  assert.deepEqual(
    summary.earlyInput.find((/** @type {any} */ r) => r.route === '/'),
    { route: '/', views: 1, withInput: 1, share: 1 },
    '/perf: the share of page views with input before interactive',
  );
  await page.close();
});

/**
 * @template T
 * @param {() => Promise<T | undefined>} find
 * @returns {Promise<T>} what `find` found within 10 s (a beacon arrives when the browser sends it)
 */
async function eventually(find) {
  const end = Date.now() + 10_000;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error('timed out waiting for the beacon');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
