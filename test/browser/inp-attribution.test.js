// @ts-check
/* global document -- page.evaluate and waitForFunction bodies run in the page */
// INP attribution in real Chromium, asserted on what the server received: a
// click on a card's My List toggle is labelled as such, with its three phases.
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

test("a click on a card's My List button: the beacon names it, and its phases add up to INP", async () => {
  const page = await browser.newPage();
  await page.goto(`${app.url}/`);
  // Measurement loads at the idle after the visitor's first intent (a pointer
  // over a card), as a visitor's would; the click below then meets it.
  await page.locator('button.mylist--card').first().hover();
  await page.waitForFunction(() => Boolean(/** @type {any} */ (globalThis).__marqueePerf), null, { timeout: 10_000 });
  // 50 ms of work in the first handler: past Event Timing's 16 ms floor, and a
  // processing phase the attribution must find in the entry it reads.
  await page.evaluate(() =>
    document.addEventListener(
      'pointerdown',
      () => {
        const end = performance.now() + 50;
        while (performance.now() < end);
      },
      { capture: true },
    ),
  );
  await page.locator('button.mylist--card').first().click();
  await page.waitForFunction(
    () => /** @type {any} */ (globalThis).__marqueePerf.snapshot().metrics.inpProcessing >= 0,
    null,
    { timeout: 10_000 },
  );
  // Hidden: the beacon leaves now (unless lab TTI already sent it, INP included).
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const deadline = Date.now() + 5000;
  let summary = await perfSummary(app.url);
  while (summary.beacons < 1 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    summary = await perfSummary(app.url);
  }
  await page.close();

  assert.equal(summary.beacons, 1, 'one page view, one beacon');
  const [beacon] = summary.recent;
  assert.equal(beacon.inpTarget, 'mylist--card');
  assert.equal(beacon.inpType, 'pointer');
  const { inp, inpInputDelay, inpProcessing, inpPresentation } = beacon.metrics;
  for (const [name, value] of Object.entries({ inp, inpInputDelay, inpProcessing, inpPresentation }))
    assert.ok(Number.isFinite(value) && value >= 0, `${name} = ${value}`);
  assert.ok(inpProcessing >= 50, `processing ${inpProcessing} ms holds the 50 ms handler`);
  // Equal but for Event Timing's 8 ms rounding of the duration (presentation
  // is never below 0) and the beacon's rounding to 0.001 ms.
  const sum = inpInputDelay + inpProcessing + inpPresentation;
  assert.ok(Math.abs(sum - inp) <= 4, `phases add up to ${sum} ms, INP is ${inp} ms`);
  assert.deepEqual(
    summary.inpTargets.map((/** @type {any} */ r) => [r.target, r.type, r.count]),
    [['mylist--card', 'pointer', 1]],
    'and the server counted it where INP goes',
  );
});
