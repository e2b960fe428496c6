// @ts-check
/* global document, window -- page.evaluate bodies run in the page */
// One run of perf:nav in headless Chromium: a fresh context loads `/`, waits
// for the app's own interactive mark (client/index.jsx), scrolls a card into
// view, rests on it (hover or keyboard focus) if asked, then clicks it (or
// presses Enter). Timed in the page with performance.now(), from the click
// event: to the title's <h1> on screen, and to the complete page (details
// and "more like this" cards, nothing still loading); and the requests that
// started in between. A run that did not reach the clicked title's page is
// reported broken, never timed.
import { applyThrottling, contextOptions } from './throttling.js';
import { countRequests, describePage, observeNavigation, seenText } from './nav-page.js';
import { measureBack } from './nav-back.js';

/** The app marks this once hydrated and its handlers are attached (client/measure/app-tti.js). */
export const INTERACTIVE_MARK = 'marquee:interactive';

/**
 * @typedef {{
 *   ok: true, reason: null, headingMs: number, completeMs: number,
 *   requests: number, modelRequests: number, dwellRequests: number, dwellModelRequests: number,
 *   title: { id: string, name: string, href: string },
 * } & Partial<import('./nav-back.js').BackFigures>} GoodRun
 *   headingMs: click to the <h1> with the card's name painted; completeMs: click to the
 *   whole page painted; requests: started between the click and the complete page;
 *   dwellRequests: started while the pointer or focus rested on the card, before the click;
 *   the Back figures with `back` (./nav-back.js)
 * @typedef {{ ok: false, reason: string, title: { id: string, name: string, href: string } | null }} BrokenRun
 * @typedef {GoodRun | BrokenRun} NavRun
 */

/**
 * Resolves once no request has been in flight for `quietMs` (or at `capMs`):
 * lazy rows and posters settle before the intent, the counts before reading.
 * @param {{ inFlight: () => number }} network
 * @param {number} quietMs
 * @param {number} capMs
 */
async function networkQuiet(network, quietMs, capMs) {
  const deadline = Date.now() + capMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (network.inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{
 *   url: string, profile: import('./throttling.js').Profile,
 *   intent: 'none' | 'hover' | 'focus', dwellMs: number, row: number, card: number, timeoutMs: number,
 *   back?: boolean,
 * }} options url: the home page; back: then My List and Back, timed too
 * @returns {Promise<NavRun>}
 */
export async function measureNavigation(
  browser,
  { url, profile, intent, dwellMs, row, card, timeoutMs, back = false },
) {
  const context = await browser.newContext(contextOptions(profile));
  /** @type {NavRun['title']} */
  let title = null;
  try {
    const page = await context.newPage();
    await applyThrottling(await context.newCDPSession(page), profile);
    let done = () => {};
    const completed = new Promise((resolve) => (done = () => resolve('complete')));
    await page.exposeFunction('__perfNavDone', () => done());
    await page.addInitScript(observeNavigation);

    const inFlight = new Set();
    let clicked = false;
    let documentsAfterClick = 0;
    let newDocument = () => {};
    const reloaded = new Promise((resolve) => (newDocument = () => resolve('new document')));
    page.on('request', (request) => {
      inFlight.add(request);
      if (clicked && request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        documentsAfterClick += 1;
        newDocument();
      }
    });
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
    const network = { inFlight: () => inFlight.size };

    // ── The home page, interactive ──────────────────────────────────────────
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    try {
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, INTERACTIVE_MARK, {
        timeout: timeoutMs,
      });
    } catch {
      return broken(`${url} never marked ${INTERACTIVE_MARK} within ${timeoutMs} ms (not a Marquee home page?)`);
    }

    // ── The card, in view (a row past the server-rendered ones loads as it scrolls in) ──
    const rowSelector = `section.row[data-row-index="${row}"]`;
    // Scrolled from the page: a placeholder row is replaced as it loads, and
    // a locator's own scroll fails on an element that left the DOM meanwhile.
    const scrolled = await page.evaluate((selector) => {
      const element = document.querySelector(selector);
      element?.scrollIntoView({ block: 'center' });
      return element !== null;
    }, rowSelector);
    if (!scrolled || (await page.locator(rowSelector).count()) === 0)
      return broken(`the home page has no row ${row} (--row)`);
    const link = page.locator(`${rowSelector}[data-row-state="loaded"] li.card[data-title-id]`).nth(card).locator('a');
    try {
      await link.first().waitFor({ timeout: timeoutMs });
    } catch {
      return broken(`row ${row} showed no card ${card} within ${timeoutMs} ms (--row, --card)`);
    }
    const cardLink = link.first();
    await cardLink.evaluate((a) => a.scrollIntoView({ block: 'center', inline: 'center' }));
    title = await cardLink.evaluate((a) => {
      const li = /** @type {HTMLElement} */ (a.closest('li.card'));
      const name = (li.querySelector('.card__name')?.textContent ?? '').trim();
      const id = li.getAttribute('data-title-id') ?? '';
      const path = new URL(/** @type {HTMLAnchorElement} */ (a).href).pathname;
      const state = /** @type {any} */ (window).__perfNav;
      state.target = a;
      state.expect = { id, name, path };
      return { id, name, href: path };
    });
    if (!title.name || !title.id) return broken('the card has no name or no data-title-id to check the page against');
    // Lazy rows and posters of the scrolled-to view settle first: their
    // requests are the home page's, not the navigation's.
    await networkQuiet(network, 300, 10_000);

    // ── Intent, dwell, click ────────────────────────────────────────────────
    if (intent === 'hover') await cardLink.hover();
    if (intent === 'focus') await cardLink.focus();
    if (dwellMs > 0) await page.waitForTimeout(dwellMs);
    clicked = true;
    if (intent === 'focus') await page.keyboard.press('Enter');
    else await cardLink.click({ noWaitAfter: true });

    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const outcome = await Promise.race([
      completed,
      reloaded,
      new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs))),
    ]);
    clearTimeout(timer);
    if (outcome === 'new document') {
      await page.waitForLoadState('load', { timeout: timeoutMs }).catch(() => {});
      const seen = await page.evaluate(describePage).catch(() => null);
      return broken(`the click loaded a new document (no client-side navigation)${seen ? `; ${seenText(seen)}` : ''}`);
    }
    if (outcome === 'timeout') {
      const seen = await page.evaluate(describePage);
      const { headingAt } = await page.evaluate(() => /** @type {any} */ (window).__perfNav);
      return broken(
        `${headingAt === null ? `no <h1> "${title.name}" on screen` : 'the title page never completed'} ` +
          `${timeoutMs} ms after the click; ${seenText(seen)}`,
      );
    }

    // ── Figures: times and the requests started in between ──────────────────
    await networkQuiet(network, 300, 5000);
    const { intentAt, clickAt, headingAt, completeAt } = await page.evaluate(
      () => /** @type {any} */ (window).__perfNav,
    );
    const during = await page.evaluate(countRequests, { from: intentAt ?? clickAt, to: clickAt });
    const after = await page.evaluate(countRequests, { from: clickAt, to: completeAt });
    if (documentsAfterClick > 0) return broken('the click loaded a new document (no client-side navigation)');
    let backFigures = {};
    if (back) {
      try {
        backFigures = await measureBack(page, title, timeoutMs, () => networkQuiet(network, 300, 5000));
      } catch (error) {
        return broken(`Back: ${String(error.message).split('\n')[0]}`);
      }
      if (documentsAfterClick > 0) return broken('Back loaded a new document (no client-side navigation)');
    }
    return {
      ...backFigures,
      ok: true,
      reason: null,
      headingMs: round(headingAt - clickAt),
      completeMs: round(completeAt - clickAt),
      requests: after.all,
      modelRequests: after.model,
      dwellRequests: during.all,
      dwellModelRequests: during.model,
      title,
    };
  } catch (error) {
    // A step that could not be done (an element gone, a closed page) leaves
    // nothing to time: the run is broken, and says where.
    return broken(`the run failed: ${String(error.message).split('\n')[0]}`);
  } finally {
    await context.close();
  }

  /** @param {string} reason @returns {BrokenRun} */
  function broken(reason) {
    return { ok: false, reason, title };
  }
}

/** @param {number} ms */
function round(ms) {
  return Math.round(ms * 10) / 10;
}
