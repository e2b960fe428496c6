// @ts-check
/* global document, window, location, Node, requestAnimationFrame -- the page-side functions run in the page */
// One run of perf:nav in headless Chromium: a fresh context loads `/`, waits
// for the app's own interactive mark (client/index.jsx), scrolls a card into
// view, rests on it (hover or keyboard focus) if asked, then clicks it (or
// presses Enter). Timed in the page with performance.now(), from the click
// event: to the title's <h1> on screen, and to the complete page (details
// and "more like this" cards, nothing still loading); and the requests that
// started in between. A run that did not reach the clicked title's page is
// reported broken, never timed.
import { applyThrottling, contextOptions } from './throttling.js';

/** The app marks this once hydrated and its handlers are attached (client/measure/app-tti.js). */
export const INTERACTIVE_MARK = 'marquee:interactive';

/**
 * @typedef {{
 *   ok: true, reason: null, headingMs: number, completeMs: number,
 *   requests: number, modelRequests: number, dwellRequests: number, dwellModelRequests: number,
 *   title: { id: string, name: string, href: string },
 * }} GoodRun
 *   headingMs: click to the <h1> with the card's name painted; completeMs: click to the
 *   whole page painted; requests: started between the click and the complete page;
 *   dwellRequests: started while the pointer or focus rested on the card, before the click
 * @typedef {{ ok: false, reason: string, title: { id: string, name: string, href: string } | null }} BrokenRun
 * @typedef {GoodRun | BrokenRun} NavRun
 */

/**
 * Installed before the page's own scripts (and again in any new document):
 * notes the intent and the click on the chosen link, then checks every frame
 * whether the title's heading, then its whole page, are shown.
 */
function observeNavigation() {
  // Pitfall: the Resource Timing buffer stops at 250 entries by default; a
  // home page of posters fills it and the navigation's requests go uncounted.
  performance.setResourceTimingBufferSize(10_000);
  const state = {
    /** @type {Element | null} set by the tool: the card's link */
    target: null,
    /** @type {{ id: string, name: string, path: string } | null} */
    expect: null,
    /** @type {number | null} */
    intentAt: null,
    /** @type {number | null} */
    clickAt: null,
    /** @type {number | null} */
    headingAt: null,
    /** @type {number | null} */
    completeAt: null,
  };
  /** @type {any} */ (window).__perfNav = state;
  const onTarget = (/** @type {Event} */ event) =>
    state.target !== null && event.target instanceof Node && state.target.contains(event.target);
  const onIntent = (/** @type {Event} */ event) => {
    if (state.intentAt === null && onTarget(event)) state.intentAt = event.timeStamp;
  };
  document.addEventListener('pointerover', onIntent, { capture: true, passive: true });
  document.addEventListener('focusin', onIntent, { capture: true });

  /** The clicked title's <h1>, rendered (not hidden), with exactly the card's name. */
  const headingShown = (/** @type {{ name: string }} */ expect) =>
    [...document.querySelectorAll('h1')].some(
      (h1) => h1.textContent?.trim() === expect.name && h1.getClientRects().length > 0,
    );
  /**
   * The whole title page (shared/components/TitlePage.jsx): its facts for this
   * id, its controls, "more like this" cards, and no row still a placeholder
   * nor any part marked aria-busy.
   */
  const pageComplete = (/** @type {{ id: string, name: string, path: string }} */ expect) => {
    const root = document.querySelector('.title-page');
    if (!root || location.pathname !== expect.path) return false;
    const article = root.querySelector('article.title');
    if (article?.getAttribute('data-title-id') !== expect.id) return false;
    if (article.querySelector('h1')?.textContent?.trim() !== expect.name) return false;
    if (!article.querySelector('.title__actions')) return false;
    if (root.querySelectorAll('.rows [data-row-state="loaded"] li.card[data-title-id]').length === 0) return false;
    return !root.querySelector('[data-row-state]:not([data-row-state="loaded"]), [aria-busy="true"]');
  };

  document.addEventListener(
    'click',
    (event) => {
      if (state.clickAt !== null || !state.expect || !onTarget(event)) return;
      state.clickAt = event.timeStamp;
      const expect = state.expect;
      const poll = () => {
        // This frame paints what the DOM holds now; a task queued from it runs
        // just after that paint (the same frame poll as perf:input's).
        if (state.headingAt === null && headingShown(expect)) {
          state.headingAt = -1;
          setTimeout(() => (state.headingAt = performance.now()), 0);
        }
        if (state.headingAt !== null && pageComplete(expect)) {
          setTimeout(() => {
            state.completeAt = performance.now();
            /** @type {any} */ (window).__perfNavDone?.();
          }, 0);
          return;
        }
        requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    },
    { capture: true, passive: true },
  );
}

/**
 * What the page shows, for a broken run's report.
 * @returns {{ path: string, headings: string[], cards: number, placeholders: number, busy: number }}
 */
function describePage() {
  const root = document.querySelector('.title-page') ?? document;
  return {
    path: location.pathname,
    headings: [...document.querySelectorAll('h1')].map((h1) => (h1.textContent ?? '').trim()),
    cards: root.querySelectorAll('.rows [data-row-state="loaded"] li.card[data-title-id]').length,
    placeholders: root.querySelectorAll('[data-row-state]:not([data-row-state="loaded"])').length,
    busy: root.querySelectorAll('[aria-busy="true"]').length,
  };
}

/**
 * Requests the page started in [from, to): all of them, and those to /model.json.
 * @param {{ from: number, to: number }} window
 */
function countRequests({ from, to }) {
  const entries = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource')).filter(
    (entry) => entry.startTime >= from && entry.startTime < to,
  );
  return {
    all: entries.length,
    model: entries.filter((entry) => new URL(entry.name).pathname === '/model.json').length,
  };
}

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
 * }} options url: the home page
 * @returns {Promise<NavRun>}
 */
export async function measureNavigation(browser, { url, profile, intent, dwellMs, row, card, timeoutMs }) {
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
    return {
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

/** @param {ReturnType<typeof describePage>} seen */
function seenText(seen) {
  return (
    `the page shows ${seen.path}, <h1> ${seen.headings.map((h) => JSON.stringify(h)).join(', ') || 'none'}, ` +
    `${seen.cards} cards, ${seen.placeholders} row placeholders, ${seen.busy} aria-busy`
  );
}

/** @param {number} ms */
function round(ms) {
  return Math.round(ms * 10) / 10;
}
