// @ts-check
/* global document, window -- page.evaluate bodies run in the page */
// The first step of a perf:nav run: the home page, interactive by the app's
// own mark, then the chosen card scrolled into view and handed to the page's
// observer (page.js) as the link to time and the title to expect.

/** The app marks this once hydrated and its handlers are attached (client/measure/app-tti.js). */
export const INTERACTIVE_MARK = 'marquee:interactive';

/**
 * @typedef {{ id: string, name: string, href: string }} NavTitle the clicked card's title
 */

/**
 * @param {import('playwright-core').Page} page a fresh page, observeNavigation installed
 * @param {{ url: string, row: number, card: number, timeoutMs: number }} options url: the home page
 * @returns {Promise<
 *   { ok: true, title: NavTitle, cardLink: import('playwright-core').Locator } |
 *   { ok: false, reason: string, title: NavTitle | null }
 * >} ok false: the run is broken, for `reason`; title: as far as it was read
 */
export async function openCard(page, { url, row, card, timeoutMs }) {
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
  const title = await cardLink.evaluate((a) => {
    const li = /** @type {HTMLElement} */ (a.closest('li.card'));
    const name = (li.querySelector('.card__name')?.textContent ?? '').trim();
    const id = li.getAttribute('data-title-id') ?? '';
    const path = new URL(/** @type {HTMLAnchorElement} */ (a).href).pathname;
    const state = /** @type {any} */ (window).__perfNav;
    state.target = a;
    state.expect = { id, name, path };
    return { id, name, href: path };
  });
  if (!title.name || !title.id)
    return { ok: false, reason: 'the card has no name or no data-title-id to check the page against', title };
  return { ok: true, title, cardLink };

  /** @param {string} reason @returns {{ ok: false, reason: string, title: null }} */
  function broken(reason) {
    return { ok: false, reason, title: null };
  }
}
