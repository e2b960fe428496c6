// @ts-check
/* global document, window, history -- page.evaluate and waitForFunction bodies run in the page */
// Client-side navigation in real Chromium (issue 4): home → title → back
// without a new document, scroll restored, the title page hydrating cleanly
// on a direct visit, and the /model.json requests of a round trip counted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appAndBrowser } from '../helpers/browser-app.js';

/** Upper bound for home → title → home: the title's missing paths, and rows near the viewport. */
const MAX_ROUND_TRIP_REQUESTS = 4;

const started = appAndBrowser();

/** A fresh page recording console errors, documents and /model.json requests. */
async function openPage(/** @type {string} */ path) {
  const page = await started.browser.newPage();
  /** @type {string[]} */
  const errors = [];
  /** @type {string[]} */
  const documents = [];
  /** @type {string[]} */
  const modelRequests = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
    if (new URL(r.url()).pathname === '/model.json') modelRequests.push(`${r.method()} ${r.url()}`);
  });
  await page.goto(`${started.app.url}${path}`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 10_000,
  });
  return { page, errors, documents, modelRequests };
}

/** Settles pending lazy loads: no /model.json in flight for a while. */
const quiet = (/** @type {import('playwright-core').Page} */ page) => page.waitForLoadState('networkidle');

test('home → title → back: no new document, scroll restored, nothing refetched', async () => {
  const { page, errors, documents, modelRequests } = await openPage('/');
  await quiet(page);
  const startRequests = modelRequests.length;

  // Scroll down to a server-rendered row and open a title from it.
  await page.evaluate(() => window.scrollTo(0, 400));
  const link = page.locator('section.row[data-row-index="2"] a.card__link').first();
  const href = await link.getAttribute('href');
  assert.match(href ?? '', /^\/title\/[a-z0-9-]+$/);
  // link.click() from the page (as keyboard navigation's Enter does) must be intercepted too.
  await link.evaluate((a) => /** @type {HTMLAnchorElement} */ (a).click());
  await page.waitForURL(`${started.app.url}${href}`);
  await page.locator('h1.title__name').waitFor();
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'a new page starts at the top');
  assert.match(await page.title(), / · Marquee$/);
  // The heading comes from the cache at once; the rows follow when they arrive.
  await page.locator('section.row[data-row-index="0"] li.card[data-title-id] a.card__link').first().waitFor();
  await quiet(page);
  const titleRequests = modelRequests.length - startRequests;

  await page.evaluate(() => history.back());
  await page.waitForURL(`${started.app.url}/`);
  await page.locator('h1.masthead__brand').waitFor();
  await page.waitForFunction(() => window.scrollY === 400, null, { timeout: 5000 });
  await quiet(page);
  const backRequests = modelRequests.length - startRequests - titleRequests;

  // And forward again: the title comes from the cache.
  await page.evaluate(() => history.forward());
  await page.locator('h1.title__name').waitFor();
  await quiet(page);

  assert.deepEqual(documents, [`${started.app.url}/`], 'one document for the whole visit: no full reload');
  assert.deepEqual(errors, []);
  const roundTrip = modelRequests.length - startRequests;
  console.log(
    `# /model.json requests: ${startRequests} on the home page's load, ` +
      `${titleRequests} home → title, ${backRequests} title → home, ${roundTrip} for the round trip with forward`,
  );
  assert.ok(titleRequests >= 1, 'the title page needed data the home page did not have');
  assert.equal(backRequests, 0, 'going back home refetches nothing');
  assert.ok(
    roundTrip <= MAX_ROUND_TRIP_REQUESTS,
    `home → title → home → title cost ${roundTrip} /model.json requests:\n${modelRequests.join('\n')}`,
  );
  await page.close();
});

test('a direct visit to a title hydrates cleanly and its links navigate without a reload', async () => {
  const { page, errors, documents } = await openPage('/title/the-land-girls-1998');
  assert.equal(await page.locator('h1.title__name').textContent(), 'The Land Girls');
  const next = page.locator('section.row[data-row-index="0"] a.card__link').first();
  const href = await next.getAttribute('href');
  await next.click();
  await page.waitForURL(`${started.app.url}${href}`);
  await page.waitForFunction(
    (id) => document.querySelector('article.title')?.getAttribute('data-title-id') === id,
    href?.slice('/title/'.length),
  );
  await page.locator('a.masthead__brand').click();
  await page.waitForURL(`${started.app.url}/`);
  await page.locator('section.row[data-row-index="0"]').waitFor();
  assert.deepEqual(documents, [`${started.app.url}/title/the-land-girls-1998`]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a client-side link to an unknown title shows the not-found message', async () => {
  const { page, errors, documents } = await openPage('/');
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/title/no-such-film-1999';
    a.id = 'bogus';
    a.textContent = 'bogus';
    document.body.append(a);
  });
  await page.locator('#bogus').click();
  await page.locator('text=Title not found').waitFor();
  assert.equal(documents.length, 1);
  assert.deepEqual(errors, []);
  await page.close();
});
