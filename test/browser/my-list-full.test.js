// @ts-check
/* global document -- waitForFunction bodies run in the page */
// A full My List in real Chromium (issue 21): the 501st add is refused, the
// toggle rolls back, and the notice says why ("My List is full (500
// titles)"), not "please try again". The list keeps its 500.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appAndBrowser } from '../helpers/browser-app.js';
import { titleIds } from '../helpers/visitor-data.js';

const FILM = 'the-land-girls-1998';

const started = appAndBrowser();

test('adding to a full list rolls back and says the list is full', async () => {
  const context = await started.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${started.app.url}/title/${FILM}`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 10_000,
  });

  // Fill this visitor's list to the cap straight in the catalog (the cookie names the visitor).
  const cookie = (await context.cookies()).find((c) => c.name === 'marquee_visitor');
  const visitorId = /^s:([A-Za-z0-9_-]+)\./.exec(decodeURIComponent(cookie?.value ?? ''))?.[1];
  assert.ok(visitorId, 'the page handed out a visitor cookie');
  const others = (await titleIds(started.app.catalogUrl, 501)).filter((id) => id !== FILM).slice(0, 500);
  for (let at = 0; at < others.length; at += 25) {
    await Promise.all(
      others
        .slice(at, at + 25)
        .map((id) => fetch(`${started.app.catalogUrl}/visitors/${visitorId}/my-list/${id}`, { method: 'PUT' })),
    );
  }

  const toggle = page.locator('button.mylist--page');
  await toggle.click();
  await page.waitForFunction(() =>
    /My List is full/.test(document.querySelector('[role="status"]')?.textContent ?? ''),
  );
  assert.equal(await page.locator('[role="status"]').textContent(), 'My List is full (500 titles)');
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false', 'rolled back');

  const { ids } = await (await fetch(`${started.app.catalogUrl}/visitors/${visitorId}/my-list`)).json();
  assert.equal(ids.length, 500);
  assert.ok(!ids.includes(FILM));
  await context.close();
});
