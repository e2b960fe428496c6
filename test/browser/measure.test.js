// @ts-check
/* global document -- page.evaluate and waitForFunction bodies run in the page */
// Built-in measurement in real Chromium, asserted on what the server received
// (web-vitals' own e2e style: the beacons, not the page's idea of them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../helpers/app.js';
import { launchBrowser } from '../../perf/lib/browser.js';
import { perfSummary } from '../helpers/beacons.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
/** @type {import('playwright-core').Browser} */
let browser;
before(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await app?.close();
});

/**
 * Waits until the server has counted `count` beacons (sendBeacon is fire-and-forget). The deadline only
 * ends a wait for a beacon that never comes: a closed tab's beacon once took over 5 s to arrive on a
 * loaded machine (docs/testing.md).
 */
async function beaconsReceived(/** @type {number} */ count, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const summary = await perfSummary(app.url);
    if (summary.beacons >= count || Date.now() > deadline) return summary;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const snapshot = (/** @type {import('playwright-core').Page} */ page) =>
  page.evaluate(() => /** @type {any} */ (globalThis).__marqueePerf?.snapshot() ?? null);

test('a page view sends exactly one beacon, with sane values, when lab TTI resolves', async () => {
  const page = await browser.newPage();
  await page.goto(`${app.url}/`);
  // Measurement starts on the first intent after hydration (here a card's focus);
  // key presses on the grid before lab TTI resolves.
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 10_000,
  });
  await page.locator('.rows a[href]').first().focus();
  await page.waitForFunction(() => Boolean(/** @type {any} */ (globalThis).__marqueePerf), null, { timeout: 10_000 });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /** @type {any} */ (globalThis).__marqueePerf.snapshot().beaconSent, null, {
    timeout: 40_000,
  });

  const summary = await beaconsReceived(1);
  assert.equal(summary.beacons, 1, 'one page view, one beacon');
  const [beacon] = summary.recent;
  assert.equal(beacon.route, '/');
  assert.equal(beacon.navigationType, 'navigate');
  assert.equal(beacon.labTTIStatus, 'found');
  const m = beacon.metrics;
  for (const name of ['appTTI', 'labTTI', 'tbt', 'fcp', 'lcp', 'cls', 'ttfb', 'memory']) {
    assert.equal(typeof m[name], 'number', `the beacon must carry ${name}`);
  }
  assert.ok(m.ttfb > 0 && m.ttfb < m.fcp, `TTFB ${m.ttfb} comes before FCP ${m.fcp}`);
  assert.ok(m.fcp > 0 && m.fcp <= m.lcp, `FCP ${m.fcp} ≤ LCP ${m.lcp}`);
  // Consistency, not speed (a busy machine stretches every figure): each
  // within the beacon's own bounds and in the order the definitions imply.
  assert.ok(m.appTTI > 0 && m.appTTI < 60_000, `App TTI ${m.appTTI} ms after navigation start`);
  assert.ok(m.labTTI >= m.fcp && m.labTTI < 30_000, `lab TTI ${m.labTTI} is never before FCP ${m.fcp}, nor capped`);
  assert.ok(m.tbt >= 0 && m.tbt <= m.labTTI - m.fcp, `TBT ${m.tbt} counts only between FCP and lab TTI`);
  assert.ok(m.cls >= 0 && m.cls < 0.1, `CLS ${m.cls}: placeholders must hold their height`);
  assert.equal(beacon.keyInput.length, 2, 'two key presses on the grid');
  for (const ms of beacon.keyInput) assert.ok(ms > 0 && ms < 10_000, `key press to paint ${ms} ms`);
  assert.ok(beacon.server.total > 0, 'the server timings handed to the page come back');

  // Hiding and closing the page afterwards must not send a second one.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.close();
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.equal((await perfSummary(app.url)).beacons, 1, 'still one beacon after the page hid and closed');
});

test('a page left before any intent still sends its one beacon, from the code already in the page', async () => {
  const before = (await perfSummary(app.url)).beacons;
  const page = await browser.newPage();
  await page.goto(`${app.url}/`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 10_000,
  });
  assert.equal(await snapshot(page), null, 'no intent: measurement has not loaded');
  // Left for another page: the same pagehide a closed tab gives.
  await page.goto('about:blank');
  const summary = await beaconsReceived(before + 1);
  await page.close();
  assert.equal(summary.beacons, before + 1);
  const [beacon] = summary.recent;
  assert.equal(beacon.labTTIStatus, 'pending', 'sent on pagehide, lab TTI never searched');
  for (const name of ['appTTI', 'fcp', 'ttfb']) assert.ok(beacon.metrics[name] > 0, `${name} in the beacon`);
  assert.ok(beacon.metrics.ttfb < beacon.metrics.fcp, 'TTFB before FCP');
  assert.ok(beacon.server.total > 0, 'the server timings handed to the page come back');
});

test('a page whose scripts never ran still sends its beacon, from the head alone (issue 37)', async () => {
  const before = (await perfSummary(app.url)).beacons;
  const page = await browser.newPage();
  // The entry and every chunk fail to load, as on a connection that drops them.
  await page.route('**/assets/**/*.js', (route) => route.abort());
  await page.goto(`${app.url}/`, { waitUntil: 'load' });
  assert.equal(await page.evaluate(() => performance.getEntriesByName('marquee:interactive').length), 0, 'no app');
  await page.goto('about:blank');
  const summary = await beaconsReceived(before + 1);
  await page.close();
  assert.equal(summary.beacons, before + 1);
  const [beacon] = summary.recent;
  assert.equal(beacon.route, '/');
  assert.equal(beacon.labTTIStatus, 'pending');
  assert.ok(beacon.metrics.fcp > 0, 'FCP in the beacon');
  assert.equal(beacon.metrics.appTTI, undefined, 'never interactive: no App TTI');
  assert.ok(beacon.server.total > 0, 'the server timings handed to the page come back');
});

test('a tab closed 1 s after load still sends its beacon (issue 37)', async () => {
  const before = (await perfSummary(app.url)).beacons;
  const page = await browser.newPage();
  await page.goto(`${app.url}/`, { waitUntil: 'load' });
  // The scenario itself: a visitor who closes the tab a second after the page loaded.
  await page.waitForTimeout(1000);
  await page.close({ runBeforeUnload: true });
  const summary = await beaconsReceived(before + 1);
  assert.equal(summary.beacons, before + 1, 'the closed tab sent its one beacon');
  assert.equal(summary.recent[0].route, '/');
  assert.ok(summary.recent[0].metrics.fcp > 0, 'with the page start it saw');
});

test('?perf=1 shows the overlay with live figures; Shift+P toggles it', async () => {
  const page = await browser.newPage();
  await page.goto(`${app.url}/?perf=1`);
  const appTTI = page.locator('#marquee-perf-overlay [data-metric="appTTI"]');
  await appTTI.waitFor({ timeout: 10_000 });
  await page.waitForFunction(
    () => /\d+ ms/.test(document.querySelector('#marquee-perf-overlay [data-metric="fcp"]')?.textContent ?? ''),
    null,
    { timeout: 10_000 },
  );
  assert.match(await appTTI.textContent(), /App TTI\s+\d+ ms/);
  const state = await snapshot(page);
  assert.equal(state.labTTIStatus, 'pending', 'figures show while lab TTI is still being searched');

  await page.keyboard.press('Shift+P');
  assert.equal(await page.locator('#marquee-perf-overlay').count(), 0, 'Shift+P hides it');
  await page.keyboard.press('Shift+P');
  assert.equal(await page.locator('#marquee-perf-overlay').count(), 1, 'and shows it again');
  await page.close();
});
