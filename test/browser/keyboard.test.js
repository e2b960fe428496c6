// @ts-check
/* global document, window, HTMLElement -- page.evaluate and waitForFunction bodies run in the page */
// Keyboard navigation in real Chromium (issue 4, Netflix TV UI): arrows move
// focus across cards and rows and keep it in view, rows that load later take
// part, re-renders keep focus, Enter opens the title and Escape comes back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appAndBrowser } from '../helpers/browser-app.js';

/** @typedef {import('playwright-core').Page} Page */

const started = appAndBrowser();

/**
 * Waits until the keyboard module is installed (it loads after hydration).
 * @param {Page} page
 */
const keyboardReady = (page) =>
  page.waitForFunction(() => performance.getEntriesByName('marquee:keyboard').length > 0, null, { timeout: 10_000 });

/**
 * A fresh page at `/`, hydrated; page errors are collected. Arrow keys work
 * once a card has focus (focusFirstCard waits for the keyboard module).
 * @param {(page: Page) => Promise<void>} [beforeLoad] e.g. request routing
 */
async function openHome(beforeLoad) {
  const page = await started.browser.newPage();
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await beforeLoad?.(page);
  await page.goto(`${started.app.url}/`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 10_000,
  });
  return { page, errors };
}

/**
 * Where focus is: the card's title id, its row, and whether it is in view
 * (inside the viewport and not scrolled out of its row).
 * @param {Page} page
 */
function focused(page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    const card = active?.closest('.card');
    if (!card || !active?.matches('a.card__link')) return { id: null, row: null, visible: false, ring: false, left: 0 };
    const rect = card.getBoundingClientRect();
    const list = /** @type {Element} */ (card.closest('.row__cards')).getBoundingClientRect();
    const inViewport =
      rect.top >= 0 && rect.bottom <= window.innerHeight && rect.left >= 0 && rect.right <= window.innerWidth;
    const inRow = rect.left >= list.left - 1 && rect.right <= list.right + 1;
    // The focus ring (views/partials/critical-css.hbs): keyboard focus shows it.
    const outline = window.getComputedStyle(active);
    const ring =
      active.matches(':focus-visible') && outline.outlineStyle !== 'none' && parseFloat(outline.outlineWidth) >= 2;
    return {
      id: /** @type {HTMLElement} */ (card).dataset.titleId ?? null,
      row: Number(/** @type {HTMLElement} */ (card.closest('[data-row-index]')).dataset.rowIndex),
      visible: inViewport && inRow,
      ring,
      left: rect.left,
    };
  });
}

/**
 * The title ids of a row's cards, in order.
 * @param {Page} page
 * @param {number} row
 */
const rowIds = (page, row) =>
  page.evaluate(
    (r) =>
      [...document.querySelectorAll(`[data-row-index="${r}"] li.card`)].map(
        (card) => /** @type {HTMLElement} */ (card).dataset.titleId,
      ),
    row,
  );

/**
 * Presses a key and checks where focus landed.
 * @param {Page} page
 * @param {string} key
 * @param {{ row: number, id: string }} expected
 */
async function pressAndExpect(page, key, expected) {
  await page.keyboard.press(key);
  const now = await focused(page);
  assert.deepEqual({ row: now.row, id: now.id }, expected, `after ${key}`);
  assert.equal(now.visible, true, `after ${key}: card ${now.id} must be in view (viewport and its row)`);
  assert.equal(now.ring, true, `after ${key}: the focused card must show a focus ring (:focus-visible outline)`);
  return now;
}

/**
 * Focuses a row's first card; the first focus fetches keyboard navigation.
 * @param {Page} page
 */
async function focusFirstCard(page, row = 0) {
  await page.locator(`[data-row-index="${row}"] a.card__link`).first().focus();
  await keyboardReady(page);
}

test('arrows move focus across cards and rows, keeping the column and the card in view', async () => {
  const { page, errors } = await openHome();
  const [row0, row1] = [await rowIds(page, 0), await rowIds(page, 1)];
  assert.ok(row0.length >= 10 && row1.length >= 10, 'two server-rendered rows of ten cards');
  await focusFirstCard(page);
  assert.equal((await focused(page)).id, row0[0]);

  await pressAndExpect(page, 'ArrowRight', { row: 0, id: row0[1] });
  await pressAndExpect(page, 'ArrowRight', { row: 0, id: row0[2] });
  await pressAndExpect(page, 'ArrowDown', { row: 1, id: row1[2] });
  await pressAndExpect(page, 'ArrowLeft', { row: 1, id: row1[1] });
  await pressAndExpect(page, 'ArrowUp', { row: 0, id: row0[1] });
  await pressAndExpect(page, 'ArrowDown', { row: 1, id: row1[1] });
  // To the end of the row: it scrolls horizontally to keep the card shown.
  for (let i = 2; i < row1.length; i++) await pressAndExpect(page, 'ArrowRight', { row: 1, id: row1[i] });
  await pressAndExpect(page, 'ArrowRight', { row: 1, id: row1[row1.length - 1] }); // the end: stays
  const scrolled = await page.evaluate(() => document.querySelector('[data-row-index="1"] .row__cards')?.scrollLeft);
  assert.ok(Number(scrolled) > 0, 'row 1 scrolled to show its last card');

  // Up into an unscrolled row: the card under the same x, not the same index.
  const from = await focused(page);
  await page.keyboard.press('ArrowUp');
  const to = await focused(page);
  assert.equal(to.row, 0);
  assert.ok(to.visible, 'in view');
  assert.ok(Math.abs(to.left - from.left) < 172 / 2, `column kept: card at x=${to.left}, came from x=${from.left}`);
  assert.notEqual(to.id, row0[row0.length - 1], 'row 0 is not scrolled: its last card is not the one below');

  await pressAndExpect(page, 'ArrowLeft', { row: 0, id: row0[row0.indexOf(/** @type {string} */ (to.id)) - 1] });
  await focusFirstCard(page);
  const scrollY = await page.evaluate(() => window.scrollY);
  await pressAndExpect(page, 'ArrowLeft', { row: 0, id: row0[0] }); // the start: stays
  await pressAndExpect(page, 'ArrowUp', { row: 0, id: row0[0] }); // no row above: stays
  assert.equal(await page.evaluate(() => window.scrollY), scrollY, 'an arrow with nowhere to go scrolls nothing');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Down walks into rows that load only after the page scrolls to them', async () => {
  const { page, errors } = await openHome();
  assert.equal(
    await page.getAttribute('[data-row-index="6"]', 'data-row-state'),
    'placeholder',
    'row 6 is not loaded at first',
  );
  await focusFirstCard(page);
  for (let row = 1; row <= 7; row++) {
    // Focus in the row above scrolled the page; this row loads as it nears the viewport.
    await page.waitForSelector(`[data-row-index="${row}"][data-row-state="loaded"] a.card__link`, { timeout: 10_000 });
    const ids = await rowIds(page, row);
    await pressAndExpect(page, 'ArrowDown', { row, id: ids[0] });
  }
  await pressAndExpect(page, 'ArrowRight', { row: 7, id: (await rowIds(page, 7))[1] });
  await pressAndExpect(page, 'ArrowUp', { row: 6, id: (await rowIds(page, 6))[1] });
  assert.deepEqual(errors, []);
  await page.close();
});

test('Down towards a row still loading keeps focus, shows the row, and moves once it has loaded', async () => {
  /** @type {(() => void)[]} */
  const held = [];
  let holding = true;
  const { page, errors } = await openHome(async (p) => {
    // Hold every /model.json answer: rows below the fold stay placeholders.
    await p.route('**/model.json?**', (route) => {
      if (holding) held.push(() => route.continue());
      else route.continue();
    });
  });
  await page.locator('[data-row-index="2"] a.card__link').nth(3).focus();
  await keyboardReady(page);
  const row2 = await rowIds(page, 2);
  assert.equal(await page.getAttribute('[data-row-index="3"]', 'data-row-state'), 'placeholder');

  await pressAndExpect(page, 'ArrowDown', { row: 2, id: row2[3] });
  const shown = await page.evaluate(() => {
    const rect = document.querySelector('[data-row-index="3"]')?.getBoundingClientRect();
    return Boolean(rect && rect.bottom <= window.innerHeight + 1 && rect.top >= -1);
  });
  assert.equal(shown, true, 'the loading row was scrolled into view');

  holding = false;
  for (const release of held.splice(0)) release();
  await page.waitForSelector('[data-row-index="3"][data-row-state="loaded"] a.card__link', { timeout: 10_000 });
  await pressAndExpect(page, 'ArrowDown', { row: 3, id: (await rowIds(page, 3))[3] });
  assert.deepEqual(errors, []);
  await page.close();
});

test('focus survives re-renders: the focused link stays the same element', async () => {
  const { page, errors } = await openHome();
  await focusFirstCard(page);
  await page.keyboard.press('ArrowRight');
  await page.evaluate(() => {
    /** @type {any} */ (window).__focusedLink = document.activeElement;
  });
  const same = () =>
    page.evaluate(() => document.activeElement === /** @type {any} */ (window).__focusedLink && document.hasFocus());

  // The card itself re-renders: its details open (a scripted click does not take focus).
  await page.evaluate(() => {
    const toggle = document.activeElement?.closest('.card')?.querySelector('.card__info');
    if (!(toggle instanceof HTMLElement)) throw new Error('the focused card has no info toggle');
    toggle.click();
  });
  await page.waitForSelector('[data-row-index="0"] .card__info[aria-pressed="true"]');
  assert.equal(await same(), true, 'focus kept while the card re-rendered');
  // Other rows load and render (placeholders replaced) while focus stays here.
  await page.evaluate(() => document.querySelector('[data-row-index="8"]')?.scrollIntoView());
  await page.waitForSelector('[data-row-index="8"][data-row-state="loaded"]', { timeout: 10_000 });
  assert.equal(await same(), true, 'focus kept while other rows loaded');
  await page.keyboard.press('ArrowRight');
  const now = await focused(page);
  assert.equal(now.id, (await rowIds(page, 0))[2], 'and the next press moves on from there');
  assert.equal(now.visible, true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('two rows and into a title by keyboard: Right, Down, Right, Enter, all client-side', async () => {
  /** @type {string[]} */
  const documents = [];
  const { page, errors } = await openHome(async (p) => {
    p.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
  });
  const [row0, row1] = [await rowIds(page, 0), await rowIds(page, 1)];
  // Waits for the keyboard module: a press before it is installed is not seen.
  await focusFirstCard(page);
  assert.equal((await focused(page)).id, row0[0]);
  const above = await pressAndExpect(page, 'ArrowRight', { row: 0, id: row0[1] });
  const below = await pressAndExpect(page, 'ArrowDown', { row: 1, id: row1[1] });
  assert.ok(Math.abs(below.left - above.left) < 172 / 2, `column kept: x=${below.left}, came from x=${above.left}`);
  const { id } = await pressAndExpect(page, 'ArrowRight', { row: 1, id: row1[2] });
  const name = await page.evaluate(
    () => document.activeElement?.closest('.card')?.querySelector('.card__name')?.textContent,
  );
  assert.ok(name, 'the focused card shows its title name');
  // Gone after a full page load: Enter must be followed by client-side navigation.
  await page.evaluate(() => {
    /** @type {any} */ (window).__sameDocument = true;
  });

  await page.keyboard.press('Enter');
  await page.waitForURL(`**/title/${id}`, { timeout: 10_000 });
  assert.equal(new URL(page.url()).pathname, `/title/${id}`);
  await page.locator('h1.title__name').waitFor({ timeout: 10_000 });
  assert.equal(await page.locator('h1.title__name').textContent(), name, "the title page is the focused card's");
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).__sameDocument), true, 'no page load on Enter');
  assert.deepEqual(documents, [`${started.app.url}/`], 'one document request: the home page');

  // Backspace in a text field edits it; it never navigates.
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.id = 'kb-probe';
    input.value = 'abc';
    document.body.append(input);
    input.focus();
  });
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  assert.equal(await page.inputValue('#kb-probe'), 'ab');
  assert.match(new URL(page.url()).pathname, /^\/title\//, 'still on the title page');
  await page.evaluate(() => document.getElementById('kb-probe')?.remove());

  await page.keyboard.press('Escape');
  await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
  await page.waitForSelector('[data-row-index="1"] a.card__link', { timeout: 10_000 });
  assert.deepEqual(documents, [`${started.app.url}/`], 'and back home without a page load either');
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).__sameDocument), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Escape and Backspace do nothing on the first page of a visit', async () => {
  const page = await started.browser.newPage();
  await page.goto('about:blank');
  await page.goto(`${started.app.url}/`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0);
  await focusFirstCard(page);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Backspace');
  await page.waitForTimeout(300);
  assert.equal(new URL(page.url()).pathname, '/', 'going back would leave the site (to about:blank)');
  await page.close();
});

test('keyboard code is fetched on the first focus, not with the page', async () => {
  /** @type {string[]} */
  const fetched = [];
  const { page, errors } = await openHome(async (p) => {
    p.on('request', (request) => {
      if (/\/keyboard-[\w-]+\.js$/.test(new URL(request.url()).pathname)) fetched.push(request.url());
    });
  });
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
  assert.deepEqual(fetched, [], 'a visitor who neither focuses nor types never downloads it');
  await page.keyboard.press('Tab');
  await keyboardReady(page);
  assert.equal(fetched.length, 1, 'one request, on the first Tab');
  // Tab reached the page's first focusable element; from a card the arrows work at once.
  await focusFirstCard(page);
  await pressAndExpect(page, 'ArrowRight', { row: 0, id: (await rowIds(page, 0))[1] });
  assert.deepEqual(errors, []);
  await page.close();
});

test('arrows pressed while the keyboard code is still loading are held and replayed, not lost', async () => {
  // The keyboard chunk is held until the test has pressed its keys and looked (a fixed delay
  // can run out first on a busy machine): focus, then two arrows at once.
  /** @type {() => void} */
  let release = () => {};
  const released = new Promise((resolve) => {
    release = () => resolve(undefined);
  });
  const { page, errors } = await openHome(async (p) => {
    await p.route(/\/keyboard-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
  });
  const row0 = await rowIds(page, 0);
  await page.locator('[data-row-index="0"] a.card__link').first().focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const early = await page.evaluate(() => ({
    loaded: performance.getEntriesByName('marquee:keyboard').length > 0,
    scrollY: window.scrollY,
  }));
  assert.equal(early.loaded, false, 'the test must press keys before the module has loaded');
  assert.equal(early.scrollY, 0, 'a held arrow must not scroll the page meanwhile');
  release();
  await keyboardReady(page);
  await page.waitForFunction(
    (id) => document.activeElement?.closest('.card')?.getAttribute('data-title-id') === id,
    row0[2],
    {
      timeout: 5_000,
    },
  );
  assert.deepEqual(errors, []);
  await page.close();
});
