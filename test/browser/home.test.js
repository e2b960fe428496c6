// @ts-check
/* global document, window -- page.evaluate and waitForFunction bodies run in the page */
// The home page in real Chromium (issue 3): clean console, hydration that
// attaches handlers, rows below the fold that fill in on scroll, and no
// /model.json request for what the server already put in the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appAndBrowser } from '../helpers/browser-app.js';
import { refetchedPaths } from '../helpers/model-requests.js';

/** @typedef {import('../helpers/model-requests.js').ModelRequest} ModelRequest */

const started = appAndBrowser();

/**
 * A fresh page at `/`, with every console error, page error and /model.json
 * request recorded from the first byte on, hydrated (the interactive mark set).
 */
async function openHome() {
  const page = await started.browser.newPage();
  /** @type {string[]} */
  const errors = [];
  /** @type {ModelRequest[]} */
  const modelRequests = [];
  page.on('console', (message) => {
    // React reports hydration mismatches with console.error (and client/index.jsx
    // logs recoverable errors there too); warnings name them as well.
    if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/model.json') return;
    modelRequests.push({ method: request.method(), url: request.url(), body: request.postData() });
  });
  await page.goto(`${started.app.url}/`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 10_000,
  });
  const cache = await page.evaluate(
    () => JSON.parse(document.getElementById('marquee-data')?.textContent ?? '{}').cache,
  );
  return { page, errors, modelRequests, cache };
}

/** @param {import('playwright-core').Page} page */
const rowStates = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-row-index]')].map((row) => /** @type {HTMLElement} */ (row).dataset.rowState),
  );

/**
 * Scrolls a row near the viewport and waits until it is a loaded row with cards.
 * @param {import('playwright-core').Page} page
 * @param {number} index
 */
async function scrollRowIntoView(page, index) {
  await page.evaluate((i) => document.querySelector(`[data-row-index="${i}"]`)?.scrollIntoView(), index);
  await page.waitForFunction(
    (i) => document.querySelector(`[data-row-index="${i}"][data-row-state="loaded"] li.card[data-title-id]`),
    index,
    { timeout: 10_000 },
  );
}

test('hydrates with no console errors and no hydration warnings', async () => {
  const { page, errors } = await openHome();
  // Give late errors (a mismatch is reported after the commit) a moment to land.
  await page.waitForTimeout(500);
  assert.deepEqual(errors, [], 'the console must stay clean: fix the errors above');
  assert.equal((await page.locator('[data-row-state="loaded"] li.card').count()) >= 30, true);
  await page.close();
});

test("after hydration a card's info toggle reacts to a click", async () => {
  const { page, errors } = await openHome();
  const card = page.locator('[data-row-index="0"] li.card').first();
  const toggle = card.locator('button.card__info');
  const details = card.locator('.card__details');
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  assert.equal(await details.isHidden(), true, 'details start closed');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true', 'the click reached a React handler');
  assert.equal(await details.isVisible(), true, 'the details opened');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false', 'and closes again');
  assert.equal(await details.isHidden(), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('below-the-fold placeholders fill in as they are scrolled near', async () => {
  const { page, errors } = await openHome();
  const states = await rowStates(page);
  const last = states.length - 1;
  assert.ok(states.length >= 12, `at least 12 rows (got ${states.length})`);
  assert.deepEqual(states.slice(0, 3), ['loaded', 'loaded', 'loaded'], 'the ATF rows come from the server');
  assert.equal(states[last], 'placeholder', 'a far row waits until it is scrolled near');

  for (const index of [6, 9, last]) await scrollRowIntoView(page, index);
  const cards = await page.locator(`[data-row-index="${last}"] li.card`).count();
  assert.ok(cards > 0, `row ${last} has cards`);
  assert.equal(
    await page.locator(`[data-row-index="${last}"] .card__name`).first().textContent().then(Boolean),
    true,
    'with names',
  );
  // Rows loaded later hydrate nothing: their toggles work as well.
  const toggle = page.locator(`[data-row-index="${last}"] button.card__info`).first();
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  assert.deepEqual(errors, []);
  await page.close();
});

test('no /model.json request asks for a path the server already sent', async () => {
  const { page, errors, modelRequests, cache } = await openHome();
  assert.ok(cache?.lists, 'the page carries the serialized cache');
  for (const index of [4, 8, 12]) await scrollRowIntoView(page, index);
  const loadedLater = (await rowStates(page)).slice(3).filter((state) => state === 'loaded').length;

  assert.ok(modelRequests.length > 0, 'rows below the fold come through /model.json');
  assert.ok(
    modelRequests.length <= loadedLater,
    `${modelRequests.length} requests for ${loadedLater} rows loaded later: at most one per row (batched)`,
  );
  assert.deepEqual(refetchedPaths(modelRequests, cache), [], 'paths from #marquee-data were requested again');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the no-refetch check catches a request for a server-sent path', async () => {
  const { page, modelRequests, cache } = await openHome();
  // What a broken client would do: ask again for a row the server rendered.
  const status = await page.evaluate(async () => {
    const paths = JSON.stringify([
      ['lists', 0, 'name'],
      ['lists', 0, 0, 'name'],
    ]);
    const res = await fetch(`/model.json?method=get&paths=${encodeURIComponent(paths)}`);
    return res.status;
  });
  assert.equal(status, 200);
  const refetched = refetchedPaths(modelRequests, cache).map(({ path }) => path.join('.'));
  assert.deepEqual(refetched, ['lists.0.name', 'lists.0.0.name']);
  await page.close();
});

test('the favicon is inline: no request that 404s', async () => {
  const page = await started.browser.newPage();
  /** @type {string[]} */
  const failed = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(`${started.app.url}/`);
  await page.waitForLoadState('load');
  assert.equal(await page.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute('href')), 'data:,');
  assert.deepEqual(failed, []);
  assert.equal(await page.evaluate(() => window.location.pathname), '/');
  await page.close();
});

test("a placeholder's shimmer animates transform only: the compositor runs it, the main thread never repaints for it", async () => {
  const page = await started.browser.newPage();
  // Rows below the fold stay placeholders: their reads are never answered.
  await page.route('**/model.json**', () => {});
  await page.goto(`${started.app.url}/`);
  await page.evaluate(() => document.querySelector('[data-row-state="placeholder"]')?.scrollIntoView());
  // The scroll is the first intent: a row shimmers only while it loads and the intent has been
  // seen (issue 37). Rows near the fold may start loading before the scroll event fires, so wait
  // for the shimmer's own selector, not for the loading class alone.
  await page.waitForFunction(
    () => document.querySelector('[data-intent] .row--loading .row__cards--placeholder') !== null,
    null,
    { timeout: 10_000 },
  );
  const animated = await page.evaluate(() =>
    document.getAnimations().map((animation) => {
      const effect = /** @type {KeyframeEffect} */ (animation.effect);
      const target = /** @type {Element} */ (effect.target);
      return {
        on: `${target.className}${effect.pseudoElement ?? ''}`,
        properties: [
          ...new Set(
            effect
              .getKeyframes()
              .flatMap((frame) =>
                Object.keys(frame).filter((key) => !['offset', 'easing', 'composite', 'computedOffset'].includes(key)),
              ),
          ),
        ],
      };
    }),
  );
  assert.ok(
    animated.some((a) => a.on.includes('row__cards--placeholder')),
    `a placeholder in view shimmers: ${JSON.stringify(animated)}`,
  );
  // Pitfall: background-position (or any property but transform and opacity)
  // repaints the placeholder, and the posters beside it, every frame.
  for (const { on, properties } of animated)
    assert.deepEqual(
      properties.filter((p) => p !== 'transform' && p !== 'opacity'),
      [],
      `${on} animates ${properties.join(', ')}`,
    );
  await page.close();
});
