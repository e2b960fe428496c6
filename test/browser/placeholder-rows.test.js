// @ts-check
/* global document, requestAnimationFrame -- waitForFunction and evaluate bodies run in the page */
// The field's count of rows seen before their cards (issue 37): a fast first
// scroll onto a row whose data is held back is counted in the page's beacon; a
// row scrolled to once it had loaded is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appAndBrowser } from '../helpers/browser-app.js';
import { perfSummary } from '../helpers/beacons.js';

const started = appAndBrowser();
const ROW = 3;
/** @param {number} index */
const stateOf = (index) =>
  document.querySelector(`section.row[data-row-index="${index}"]`)?.getAttribute('data-row-state');
/** @param {number} index */
const loaded = (index) =>
  document.querySelector(`section.row[data-row-index="${index}"]`)?.getAttribute('data-row-state') === 'loaded';

/** The page after idle: hydrated, its prefetches in the head, the network quiet, no intent yet. */
async function openHome() {
  const context = await started.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto(`${started.app.url}/`);
  await page.waitForFunction(() => document.querySelectorAll('link[rel="prefetch"]').length > 0, null, {
    timeout: 15_000,
  });
  await page.waitForLoadState('networkidle');
  return { context, page };
}

/** The page's one beacon, as the server received it. */
async function beaconOf(/** @type {import('playwright-core').Page} */ page) {
  await page.waitForFunction(() => /** @type {any} */ (globalThis).__marqueePerf?.snapshot().beaconSent, null, {
    timeout: 40_000,
  });
  const requestId = await page.evaluate(
    () => JSON.parse(document.getElementById('marquee-data')?.textContent ?? '{}').page?.requestId,
  );
  for (;;) {
    const beacon = (await perfSummary(started.app.url)).recent.find(
      (/** @type {any} */ b) => b.requestId === requestId,
    );
    if (beacon) return beacon;
    await new Promise((resolve) => setTimeout(resolve, 100)); // sendBeacon is fire-and-forget: poll the server
  }
}

test('a row scrolled to before its data came is counted as seen while a placeholder', async () => {
  const { context, page } = await openHome();
  assert.equal(await page.evaluate(stateOf, ROW), 'placeholder', `row ${ROW} is not server-rendered`);
  // The rows' data held back until the row has been seen: a network slower than the scroll.
  /** @type {() => void} */
  let release = () => {};
  const held = new Promise((resolve) => (release = () => resolve(undefined)));
  await page.route('**/model.json*', async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate(
    (index) => document.querySelector(`section.row[data-row-index="${index}"]`)?.scrollIntoView(),
    ROW,
  );
  await page.waitForFunction(() => performance.getEntriesByName('marquee:placeholder-seen').length > 0, null, {
    timeout: 15_000,
  });
  release();
  await page.waitForFunction(loaded, ROW, { timeout: 15_000 });
  const beacon = await beaconOf(page);
  assert.ok(beacon.placeholderRows > 0, `placeholderRows ${beacon.placeholderRows}`);
  await context.close();
});

test('a row that had loaded before it came into view is not counted', async () => {
  const { context, page } = await openHome();
  // The first intent (a pointer over the page) loads the rows near the viewport, not yet in view.
  await page.mouse.move(640, 300);
  await page.waitForFunction(loaded, ROW, { timeout: 15_000 });
  // To its bottom edge: no row past it, not asked for yet, comes into view.
  await page.evaluate(
    (index) => document.querySelector(`section.row[data-row-index="${index}"]`)?.scrollIntoView({ block: 'end' }),
    ROW,
  );
  // Two frames: an intersection observer's callback has been delivered by then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const seen = await page.evaluate(() =>
    performance.getEntriesByName('marquee:placeholder-seen').map((m) => /** @type {PerformanceMark} */ (m).detail),
  );
  assert.deepEqual(seen, [], 'no placeholder was in view');
  const beacon = await beaconOf(page);
  assert.equal(beacon.placeholderRows, 0);
  await context.close();
});
