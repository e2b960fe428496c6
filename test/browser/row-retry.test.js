// @ts-check
/* global window -- page.evaluate and addInitScript bodies run in the page */
// A home row below the fold whose data cannot be had (issue 14): it says so
// in the row's place, at the row's height, tries again by itself after 1, 3
// and 9 s, then stops and leaves a "Try again" button, which loads it. The
// page's clock is Playwright's, so the backoff is stepped through, not waited.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appAndBrowser } from '../helpers/browser-app.js';

const started = appAndBrowser();

/** A row the server leaves to the client, below the first screen and its prefetch margin. */
const INDEX = 8;
const ROW = `section.row[data-row-index="${INDEX}"]`;

/**
 * Whether a /model.json read asks for that row (`lists[8]`, or a range or list of rows holding it).
 * @param {string} url
 */
function asksForRow(url) {
  const paths = JSON.parse(new URL(url).searchParams.get('paths') ?? '[]');
  const holds = (/** @type {any} */ keys) =>
    Array.isArray(keys)
      ? keys.some(holds)
      : typeof keys === 'object' && keys !== null
        ? keys.from <= INDEX && INDEX <= (keys.to ?? keys.from + keys.length - 1)
        : Number(keys) === INDEX;
  return paths.some((/** @type {any[]} */ path) => path[0] === 'lists' && holds(path[1]));
}

/**
 * Home with every /model.json read of that row failing with a 503 while `failing()`.
 * @param {() => boolean} failing
 * @param {{ paused?: boolean }} [options] paused: the page's clock stopped before
 *   the row is scrolled to, so that its first read and failure happen at a
 *   time the test chose (it moves the clock), however slow the machine
 */
async function openHome(failing, { paused = false } = {}) {
  const context = await started.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const rowReads = { count: 0 };
  let documents = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest()) documents++;
  });
  await page.route('**/model.json?*', (route) => {
    if (!asksForRow(route.request().url())) return route.continue();
    rowReads.count++;
    if (!failing()) return route.continue();
    return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable"}' });
  });
  // What the test cannot see on the row: that the page has taken in a failed
  // answer. After the first failure the row stays data-row-state="failed", so
  // a retry that fails again changes nothing on it. Each /model.json answer
  // whose body the page has read is noted one task later (a message through a
  // MessageChannel, which the page's fake clock does not hold): by then every
  // promise reaction that followed the read has run, the row's own failure
  // handling (and the retry timer it sets, or not) included.
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.__answersTakenIn = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = (/** @type {MessageEvent} */ event) => w.__answersTakenIn.push(event.data);
    const text = Response.prototype.text;
    Response.prototype.text = function () {
      const read = text.call(this);
      const url = this.url;
      if (url.includes('/model.json?')) {
        const note = () => channel.port2.postMessage(url);
        read.then(note, note);
      }
      return read;
    };
  });
  await page.goto(`${started.app.url}/`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 15_000,
  });
  // The clock from here on: the row is far enough down to be asked for only once scrolled to.
  await page.clock.install();
  if (paused) await pauseSoon(page);
  await page.locator(ROW).scrollIntoViewIfNeeded();
  /**
   * Waits until the page has taken in `n` answers to reads of the row (see
   * above), or fails the test after 10 s.
   */
  const answersTakenIn = async (/** @type {number} */ n) => {
    const deadline = Date.now() + 10_000;
    const takenIn = async () =>
      /** @type {string[]} */ (await page.evaluate(() => /** @type {any} */ (window).__answersTakenIn)).filter(
        asksForRow,
      ).length;
    let seen = await takenIn();
    while (seen < n && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await takenIn();
    }
    assert.ok(seen >= n, `the page took in ${seen} answers to the row's reads within 10 s, expected ${n}`);
  };
  return { context, page, rowReads, documents: () => documents, answersTakenIn };
}

/**
 * Stops the page's clock a moment from now by the page's own clock. Not the
 * test's Date.now(): on a loaded machine the page's clock had already passed
 * it when the call arrived ("Cannot fast-forward to the past"). A later try
 * leaves a little more room; the retries' checks allow a few hundred ms.
 * @param {import('playwright-core').Page} page
 */
async function pauseSoon(page) {
  for (let margin = 20; ; margin += 40) {
    const now = await page.evaluate(() => Date.now());
    try {
      return await page.clock.pauseAt(now + margin);
    } catch (error) {
      if (margin > 200 || !/to the past/.test(String(error))) throw error;
    }
  }
}

/** @param {import('playwright-core').Page} page */
async function failedRow(page) {
  const row = page.locator(`${ROW}[data-row-state="failed"]`);
  await row.waitFor({ timeout: 10_000 });
  return row;
}

test('a failed row says so at its own height, and loads on its first retry once the data is back', async () => {
  let failing = true;
  const { context, page, rowReads, documents } = await openHome(() => failing);
  const row = await failedRow(page);
  assert.match((await row.locator('[role="status"]').textContent()) ?? '', /could not be loaded/);
  assert.equal(await row.getAttribute('aria-busy'), 'false', 'not left spinning');
  const loadedHeight = (await page.locator('section.row[data-row-index="0"]').boundingBox())?.height;
  assert.equal((await row.boundingBox())?.height, loadedHeight, 'the height of a loaded row: nothing moves');
  const reads = rowReads.count;

  failing = false;
  await page.clock.runFor(1000);
  await page.locator(`${ROW} li.card`).first().waitFor({ timeout: 10_000 });
  assert.ok(rowReads.count > reads, 'asked again');
  assert.equal(await page.locator(`${ROW}[data-row-state="failed"]`).count(), 0);
  assert.equal(documents(), 1, 'no reload');
  await context.close();
});

test('retries back off and stop after three; "Try again" then loads the row', async () => {
  let failing = true;
  // Time stops before the row is asked for: from then on it moves only when
  // told, so the retry's 1 s count starts at a moment the test knows (with the
  // clock running, a loaded machine let half a second pass between the
  // failure and the pause, and the first retry came inside the "no retry" window).
  const { context, page, rowReads, answersTakenIn } = await openHome(() => failing, { paused: true });
  /**
   * Waits until the row reads reach `n`, the clock moving 20 ms a step (falcor
   * batches a read through a timer of its own), or fails the test. Then waits,
   * the clock still, until the page has taken in that read's 503: only then is
   * the next retry's timer set. (Seeing the request is not enough: on a loaded
   * machine the next big step of the clock came before the page had handled
   * the failure, and the retry timer was set after it, never to fire.)
   */
  const readsReach = async (/** @type {number} */ n) => {
    for (let i = 0; i < 100 && rowReads.count < n; i++) {
      await page.clock.runFor(20);
      await page.waitForTimeout(30);
    }
    assert.ok(rowReads.count >= n, `${n} row reads, got ${rowReads.count}`);
    await answersTakenIn(n);
  };
  await readsReach(1);
  await failedRow(page);
  const first = rowReads.count;
  // Not before its delay: 1 s, then 3 s, then 9 s.
  await page.clock.runFor(700);
  await page.waitForTimeout(300);
  assert.equal(rowReads.count, first, 'no retry before 1 s');
  await page.clock.runFor(400);
  await readsReach(first + 1);
  await page.clock.runFor(3000);
  await readsReach(first + 2);
  await page.clock.runFor(9000);
  await readsReach(first + 3);
  await page.clock.runFor(60_000);
  await page.waitForTimeout(300);
  assert.equal(rowReads.count, first + 3, 'three retries, then it waits for the visitor');

  await page.clock.resume();
  failing = false;
  await page.locator(`${ROW} button`, { hasText: 'Try again' }).click();
  await page.locator(`${ROW} li.card`).first().waitFor({ timeout: 10_000 });
  assert.equal(rowReads.count, first + 4);
  await context.close();
});
