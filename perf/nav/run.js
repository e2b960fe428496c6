// @ts-check
/* global window -- page.evaluate bodies run in the page */
// One run of perf:nav in headless Chromium: a fresh context loads `/`, waits
// for the app's own interactive mark (client/index.jsx), scrolls a card into
// view, rests on it (hover or keyboard focus) if asked, then clicks it (or
// presses Enter). Timed in the page with performance.now(), from the click
// event: to the title's <h1> on screen, and to the complete page (details
// and "more like this" cards, nothing still loading); and the requests that
// started in between. A run that did not reach the clicked title's page is
// reported broken, never timed. The steps: card.js (the home page and the
// card), outcome.js (how the click ended), back.js (--back), with
// network.js watching the requests and page.js the page.
import { applyThrottling, contextOptions } from '../lib/throttling.js';
import { countRequests, observeNavigation } from './page.js';
import { measureBack } from './back.js';
import { watchNetwork } from './network.js';
import { openCard } from './card.js';
import { clickOutcome } from './outcome.js';
import { roundMs } from '../lib/stats.js';
import { watchNavigationBeacons } from './field-beacon.js';

export { INTERACTIVE_MARK } from './card.js';

/**
 * @typedef {{
 *   ok: true, reason: null, headingMs: number, completeMs: number,
 *   requests: number, modelRequests: number, dwellRequests: number, dwellModelRequests: number,
 *   title: { id: string, name: string, href: string },
 *   beaconHeadingMs?: number, beaconCompleteMs?: number, browserPaintMs?: number,
 * } & Partial<import('./back.js').BackFigures>} GoodRun
 *   headingMs: click to the <h1> with the card's name painted; completeMs: click to the
 *   whole page painted; requests: started between the click and the complete page;
 *   dwellRequests: started while the pointer or focus rested on the card, before the click;
 *   the Back figures with `back` (./back.js); beacon*: the same two from the page's own
 *   navigation beacon (./field-beacon.js), absent when it sent none; browserPaintMs: the click to the
 *   first contentful paint of the browser's own soft navigation, absent where it reports none
 * @typedef {{ ok: false, reason: string, title: { id: string, name: string, href: string } | null }} BrokenRun
 * @typedef {GoodRun | BrokenRun} NavRun
 */

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{
 *   url: string, profile: import('../lib/throttling.js').Profile,
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
    const network = watchNetwork(page);
    const beacons = watchNavigationBeacons(page);

    // ── The home page, interactive; the card, in view ───────────────────────
    const opened = await openCard(page, { url, row, card, timeoutMs });
    title = opened.title;
    if (opened.ok === false) return broken(opened.reason);
    const { cardLink } = opened;
    // Lazy rows and posters of the scrolled-to view settle first: their
    // requests are the home page's, not the navigation's.
    await network.quiet(300, 10_000);

    // ── Intent, dwell, click ────────────────────────────────────────────────
    if (intent === 'hover') await cardLink.hover();
    if (intent === 'focus') await cardLink.focus();
    if (dwellMs > 0) await page.waitForTimeout(dwellMs);
    network.clicked();
    if (intent === 'focus') await page.keyboard.press('Enter');
    else await cardLink.click({ noWaitAfter: true });
    const failed = await clickOutcome(page, { completed, reloaded: network.reloaded, timeoutMs, title });
    if (failed !== null) return broken(failed);

    // ── Figures: times and the requests started in between ──────────────────
    await network.quiet(300, 5000);
    const { intentAt, clickAt, headingAt, completeAt } = await page.evaluate(
      () => /** @type {any} */ (window).__perfNav,
    );
    const during = await page.evaluate(countRequests, { from: intentAt ?? clickAt, to: clickAt });
    const after = await page.evaluate(countRequests, { from: clickAt, to: completeAt });
    if (network.documentsAfterClick() > 0) return broken('the click loaded a new document (no client-side navigation)');
    const field = await beacons.first('/', '/title/:id');
    const browser = field ? await beacons.firstSoft('/', '/title/:id') : null;
    let backFigures = {};
    if (back) {
      try {
        backFigures = await measureBack(page, title, timeoutMs, () => network.quiet(300, 5000));
      } catch (error) {
        return broken(`Back: ${String(error.message).split('\n')[0]}`);
      }
      if (network.documentsAfterClick() > 0) return broken('Back loaded a new document (no client-side navigation)');
    }
    return {
      ...backFigures,
      ok: true,
      reason: null,
      headingMs: roundMs(headingAt - clickAt),
      completeMs: roundMs(completeAt - clickAt),
      requests: after.all,
      modelRequests: after.model,
      dwellRequests: during.all,
      dwellModelRequests: during.model,
      ...(field ? { beaconHeadingMs: roundMs(field.heading), beaconCompleteMs: roundMs(field.complete) } : {}),
      // From our click too: the browser's own start lies `start` ms from it.
      ...(browser ? { browserPaintMs: roundMs(browser.start + browser.fcp) } : {}),
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
