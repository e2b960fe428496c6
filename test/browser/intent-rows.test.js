// @ts-check
/* global document -- waitForFunction bodies run in the page */
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
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`${started.app.url}/`);
  const row = page.locator('section.row[data-row-index="3"]');
  assert.equal(await row.getAttribute('data-row-state'), 'placeholder', 'row 3 is not server-rendered');
  // Idle has come (its prefetch is in the head) and the network is quiet: nothing asked for the row.
  await page.waitForFunction(() => document.querySelectorAll('link[rel="prefetch"]').length > 0, null, {
    timeout: 15_000,
  });
  await page.waitForLoadState('networkidle');
  assert.equal(await row.getAttribute('data-row-state'), 'placeholder', 'still a placeholder without intent');
  assert.equal(requested.includes('/model.json'), false, 'no row data asked for without intent');

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
