// @ts-check
// Every client-side navigation measured in the field, in real Chromium
// (issue 27): a click from / to a title sends one navigation beacon with the
// right routes, trigger and cache state, and the browser's own figures for
// the same click (Chromium 151+ reports soft navigations unflagged) follow
// beside it and show on /perf; Back sends a `history` one; the server
// refuses a malformed one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appAndBrowser } from '../helpers/browser-app.js';
import { perfSummary, postBeacon } from '../helpers/beacons.js';

const started = appAndBrowser();
/** The first Chromium that reports soft navigations without a flag. */
const SOFT_NAVIGATIONS_FROM = 151;

test('a click from / to a title, then Back: one navigation beacon each, with routes, trigger and cache state', async (t) => {
  const { app, browser } = started;
  const page = await browser.newPage();
  await page.goto(`${app.url}/`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 10_000,
  });
  const link = page.locator('section.row[data-row-index="0"] a.card__link').first();
  const href = await link.getAttribute('href');
  // A pointer resting on the card: navigation's code loads, the title's data is prefetched.
  const id = String(href).split('/').pop() ?? '';
  const prefetched = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/model.json' && decodeURIComponent(r.url()).includes(id),
    { timeout: 10_000 },
  );
  await link.hover();
  await prefetched;
  await link.click();
  await page.waitForURL(`${app.url}${href}`);
  await page.locator('h1.title__name').waitFor();

  const click = await fromSummary(app.url, 'navigations', '/', '/title/:id');
  assert.equal(click.count, 1, 'one click, one beacon');
  assert.deepEqual(click.triggers, { pointer: 1, keyboard: 0, history: 0 });
  assert.equal(click.cache, 'prefetched', 'the hover prefetched the title: the click found it all in the cache');
  const { url, heading, complete } = click.phases;
  assert.ok(url.p50 <= heading.p50 && heading.p50 <= complete.p50, 'input → URL ≤ heading ≤ complete');
  assert.ok(complete.p50 > 0 && complete.p50 < 10_000, `input to complete: ${complete.p50} ms`);

  // Chromium reports soft navigations unflagged from 151 on; on an older one this part is skipped, named.
  const major = Number(browser.version().split('.')[0]);
  const skip =
    major < SOFT_NAVIGATIONS_FROM && `Chromium ${major} has no soft-navigation entries (${SOFT_NAVIGATIONS_FROM}+)`;
  await t.test(
    "the browser's soft navigation for the same click, paired with ours and on /perf",
    { skip },
    async () => {
      const soft = await fromSummary(app.url, 'softNavigations', '/', '/title/:id').catch(async (error) => {
        // Whether the browser reported the click at all: its heuristics, or our pairing.
        const entries = await page.evaluate(() => performance.getEntriesByType('soft-navigation').map((e) => e.name));
        throw new Error(`${error.message}; the page's soft-navigation entries: ${JSON.stringify(entries)}`);
      });
      assert.equal(soft.count, 1, 'the browser reported the click as one soft navigation, paired with ours');
      assert.equal(soft.cache, 'prefetched', 'keyed as our beacon was');
      const { fcp, start } = soft.phases;
      assert.ok(fcp.p50 > 0 && fcp.p50 < 10_000, `the browser's start to first contentful paint: ${fcp.p50} ms`);
      assert.ok(Math.abs(start.p50) < 1000, `the browser's start is our click's interaction: ${start.p50} ms apart`);
      const dashboard = await (await fetch(`${app.url}/perf`)).text();
      assert.match(dashboard, /<table data-soft-navigation>\s*<caption>the browser's soft navigations \(1 of 1\)/);
    },
  );

  await page.goBack();
  await page.locator('section.row[data-row-index="0"]').waitFor();
  const back = await fromSummary(app.url, 'navigations', '/title/:id', '/');
  assert.deepEqual(back.triggers, { pointer: 0, keyboard: 0, history: 1 });
  assert.notEqual(back.cache, 'cold', 'home was shown before: its rows are in the cache');
  await page.close();
});

test('a malformed navigation beacon is refused with its reason', async () => {
  const res = await postBeacon(started.app.url, {
    navigation: { from: '/', to: '/title/:id', trigger: 'mind', cache: 'cold', url: 1, heading: 2, complete: 3 },
  });
  assert.equal(res.status, 400);
  assert.match((await res.json()).error, /navigation.trigger must be one of pointer, keyboard, history/);
});

/**
 * The aggregate of navigations (ours, or the browser's soft navigations) from `from` to `to` once the server
 * has one (a beacon arrives when the browser sends it).
 * @param {string} baseUrl
 * @param {'navigations' | 'softNavigations'} kind
 * @param {string} from
 * @param {string} to
 */
async function fromSummary(baseUrl, kind, from, to) {
  const end = Date.now() + 10_000;
  for (;;) {
    const summary = await perfSummary(baseUrl);
    const found = summary[kind].find((/** @type {any} */ n) => n.from === from && n.to === to);
    if (found) return found;
    if (Date.now() > end) throw new Error(`no ${kind} beacon from ${from} to ${to} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
