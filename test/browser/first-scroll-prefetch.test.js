// @ts-check
/* global document, location -- evaluate bodies run in the page */
// Issue 37, first scroll: at idle the rows waiting for the first intent have their GET of
// /model.json prefetched (network only), and the first scroll's request for them is that
// very URL, answered from the HTTP cache instead of a round trip.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appAndBrowser } from '../helpers/browser-app.js';

const started = appAndBrowser();

test("the first scroll's rows are answered from the response prefetched at idle", async () => {
  const context = await started.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  await page.goto(`${started.app.url}/`);
  await page.waitForFunction(() => document.querySelector('link[rel="prefetch"][href^="/model.json"]'), null, {
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
  const prefetched = await page.evaluate(
    () => document.querySelector('link[rel="prefetch"][href^="/model.json"]')?.getAttribute('href') ?? '',
  );
  assert.equal(
    await page.locator('section.row[data-row-index="3"]').getAttribute('data-row-state'),
    'placeholder',
    'no row rendered before the intent',
  );

  await page.evaluate(() => document.querySelector('section.row[data-row-index="3"]')?.scrollIntoView());
  await page.waitForFunction(
    () => document.querySelector('section.row[data-row-index="3"]')?.getAttribute('data-row-state') === 'loaded',
    null,
    { timeout: 30_000 },
  );
  const fetched = await page.evaluate(() =>
    /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'))
      .filter((e) => e.initiatorType === 'fetch' && e.name.includes('/model.json'))
      .map((e) => ({ url: e.name.slice(location.origin.length), transferSize: e.transferSize })),
  );
  const first = fetched[0];
  assert.ok(first, 'the first scroll fetched its rows');
  assert.equal(first.url, prefetched, 'the first request is the prefetched URL');
  // Nothing crossed the network: the HTTP cache answered (a revalidation would transfer headers).
  assert.equal(first.transferSize, 0, 'answered from the cache');
  await context.close();
});
