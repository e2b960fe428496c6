// @ts-check
/* global document -- page.evaluate and waitForFunction bodies run in the page */
// My list and ratings in real Chromium (issue 4): optimistic toggles that
// survive a reload, and a failed write (catalog faults) that rolls back with
// a visible message.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { appAndBrowser } from '../helpers/browser-app.js';

const FILM = 'the-land-girls-1998';

const started = appAndBrowser();
afterEach(() => setFaults({}));

/** Catalog faults at run time (docs/contracts.md): only the visitor routes fail. */
async function setFaults(/** @type {Record<string, unknown>} */ faults) {
  const res = await fetch(`${started.app.catalogUrl}/_faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  assert.equal(res.status, 200, 'PUT /_faults');
}

/** A new visitor (own cookies) on `path`, hydrated. */
async function visit(/** @type {string} */ path) {
  const context = await started.browser.newContext();
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${started.app.url}${path}`);
  await hydrated(page);
  return { context, page, errors };
}

const hydrated = (/** @type {import('playwright-core').Page} */ page) =>
  page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, { timeout: 10_000 });

/**
 * The answer to the next write (a POST to /model.json): awaited before a reload, which could
 * otherwise reach the server first. Called before the click that sends it. (Playwright's
 * `waitForLoadState('networkidle')` returns at once on a page that has been idle before.)
 * @param {import('playwright-core').Page} page
 */
const written = (page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/model.json' && r.request().method() === 'POST', {
    timeout: 10_000,
  });

test('add to my list on a card: the My list row appears, and is still there after a reload', async () => {
  const { context, page, errors } = await visit('/');
  assert.equal(await page.locator('section.row[data-row-index="-1"]').count(), 0, 'no My list row for a new visitor');
  const card = page.locator('section.row[data-row-index="0"] li.card').first();
  const id = await card.getAttribute('data-title-id');
  const toggle = card.locator('button.mylist');
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  const added = written(page);
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true', 'the toggle flips at once');
  const myListRow = page.locator('section.row[data-row-index="-1"]');
  await myListRow.locator(`li.card[data-title-id="${id}"]`).waitFor();
  await added;

  await page.reload();
  await hydrated(page);
  assert.equal(await myListRow.locator('h2').textContent(), 'My List', 'server-rendered after the reload');
  assert.equal(await myListRow.locator(`li.card[data-title-id="${id}"]`).count(), 1);
  assert.equal(
    await page
      .locator(`section.row[data-row-index="0"] li.card[data-title-id="${id}"] button.mylist`)
      .getAttribute('aria-pressed'),
    'true',
  );

  // And off again, from the title page this time.
  await page.goto(`${started.app.url}/title/${id}`);
  await hydrated(page);
  const pageToggle = page.locator('button.mylist--page');
  assert.equal(await pageToggle.getAttribute('aria-pressed'), 'true');
  const removed = written(page);
  await pageToggle.click();
  assert.equal(await pageToggle.getAttribute('aria-pressed'), 'false');
  await removed;
  await page.reload();
  await hydrated(page);
  assert.equal(await page.locator('button.mylist--page').getAttribute('aria-pressed'), 'false');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a rating is saved and survives a reload; pressing it again clears it', async () => {
  const { context, page, errors } = await visit(`/title/${FILM}`);
  const rating = page.locator('.rating');
  assert.equal(await rating.getAttribute('data-rating'), '');
  const rated = written(page);
  await page.locator('.rating__star[aria-label="4 stars"]').click();
  assert.equal(await rating.getAttribute('data-rating'), '4', 'shown at once');
  await rated;
  await page.reload();
  await hydrated(page);
  assert.equal(await rating.getAttribute('data-rating'), '4', 'server-rendered after the reload');
  assert.equal(await page.locator('.rating__star[aria-pressed="true"]').getAttribute('aria-label'), '4 stars');

  const cleared = written(page);
  await page.locator('.rating__star[aria-label="4 stars"]').click();
  assert.equal(await rating.getAttribute('data-rating'), '');
  await cleared;
  await page.reload();
  await hydrated(page);
  assert.equal(await rating.getAttribute('data-rating'), '', 'cleared for good');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a failed my-list call and a failed rating roll back and say so', async () => {
  const { context, page } = await visit(`/title/${FILM}`);
  const status = page.locator('[role="status"]');
  assert.equal(await status.textContent(), '');
  // Every catalog call under /visitors fails, after a delay long enough to see the optimistic state.
  await setFaults({ latency: 400, error: 1, only: '/visitors' });

  const toggle = page.locator('button.mylist--page');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true', 'optimistic: on at once');
  await page.waitForFunction(() => /Could not add/.test(document.querySelector('[role="status"]')?.textContent ?? ''));
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false', 'rolled back');
  assert.match(await status.textContent(), /Could not add “The Land Girls” to My List/);
  assert.ok(await status.isVisible(), 'the message is visible');

  await page.locator('.rating__star[aria-label="2 stars"]').click();
  assert.equal(await page.locator('.rating').getAttribute('data-rating'), '2', 'optimistic: shown at once');
  await page.waitForFunction(() => /rating/.test(document.querySelector('[role="status"]')?.textContent ?? ''));
  assert.equal(await page.locator('.rating').getAttribute('data-rating'), '', 'rolled back');

  // Nothing was saved: a reload (catalog healthy again) shows the old state.
  await setFaults({});
  await page.reload();
  await hydrated(page);
  assert.equal(await page.locator('button.mylist--page').getAttribute('aria-pressed'), 'false');
  assert.equal(await page.locator('.rating').getAttribute('data-rating'), '');
  await context.close();
});
