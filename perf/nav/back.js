// @ts-check
/* global window, history -- page.evaluate bodies run in the page */
// perf:nav --back: after a navigation to a title, the visitor adds it to My
// List and goes Back. Home must show at once from the client's cache, with the
// list as the visitor changed it, and fetch the invalidated list after (issue
// 19, target 7). Timed in the page from the popstate event.
import { observeBack, readBack } from './page.js';
import { roundMs } from '../lib/stats.js';

/**
 * @typedef {{ backMs: number, backListMs: number, backReadsEndMs: number | null, backModelRequests: number }} BackFigures
 *   backMs: Back to home's first row of cards painted; backListMs: to the My List row
 *   holding the title; backReadsEndMs: to the end of the last /model.json read after Back
 */

/**
 * @param {import('playwright-core').Page} page on the complete title page
 * @param {{ id: string, name: string }} title the title shown
 * @param {number} timeoutMs
 * @param {() => Promise<void>} settled resolves once the page's requests have settled
 * @returns {Promise<BackFigures>} throws with what went wrong: the run is then broken
 */
export async function measureBack(page, title, timeoutMs, settled) {
  await page.evaluate(observeBack, { id: title.id });
  const button = page.locator('article.title button.mylist--page');
  if ((await button.getAttribute('aria-pressed')) !== 'false')
    throw new Error(`"${title.name}" has no My List button not pressed (a fresh visitor's list is empty)`);
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/model.json' && r.request().method() === 'POST', {
      timeout: timeoutMs,
    }),
    button.click(),
  ]);
  await page.evaluate(() => history.back());
  try {
    await page.waitForFunction(
      () => {
        const state = /** @type {any} */ (window).__perfBack;
        return state.rowsAt > 0 && state.listAt > 0;
      },
      null,
      { timeout: timeoutMs },
    );
  } catch {
    const state = await page.evaluate(() => /** @type {any} */ (window).__perfBack);
    throw new Error(
      state.backAt === null
        ? 'Back fired no popstate (not a client-side history entry?)'
        : `${state.rowsAt === null ? "home's rows" : `the My List row with "${title.name}"`} not shown ${timeoutMs} ms after Back`,
    );
  }
  // The refetch of the invalidated list may end after the rows showed: wait for it.
  await settled();
  const back = await page.evaluate(readBack);
  return {
    backMs: roundMs(back.rowsMs),
    backListMs: roundMs(back.listMs),
    backReadsEndMs: back.readsEndMs === null ? null : roundMs(back.readsEndMs),
    backModelRequests: back.reads,
  };
}
