// @ts-check
/* global document, location, innerHeight, scrollY -- page.evaluate and waitForFunction bodies run in the page */
// perf:nav-heap's walk through the catalog: from the page shown, the next
// card link to a title not opened yet, reached the way a visitor browses
// (Back, a genre's next page, home scrolled, then lists and titles).

/** @typedef {{ href: string, path: string, name: string }} UnseenCard a card link: its URL, path and title's name */

/**
 * A card link on the page to a title not opened yet; else Back to the page
 * before, or on to its genre's next page; else home, scrolled
 * until one shows; else hops through titles already opened (their "more like
 * this" rows lead further), each hop a navigation of its own, not counted.
 * @param {import('playwright-core').Page} page
 * @param {Set<string>} seen
 * @param {() => void} onHop told of each navigation made only to reach a new title
 * @returns {Promise<UnseenCard | null>}
 */
export async function unseenCard(page, seen, onHop) {
  const find = () => firstUnseen(page, seen);
  const here = await find();
  if (here) return here;
  // Back to the page the title was opened from (a genre page, most often), or on to
  // that genre's next 30: as a visitor browses a list.
  const next = page.locator('a.pager__link[rel="next"]');
  for (let step = 0; step < 2; step += 1) {
    const from = await page.evaluate(() => location.pathname);
    if (step === 0) await page.goBack();
    else if ((await next.count()) > 0) await next.first().click();
    else break;
    await page.waitForFunction((p) => location.pathname !== p, from, { timeout: 15_000 });
    // (Home keeps its rows below the fold busy until they scroll into view: not waited for.)
    await page.waitForFunction(
      () => !document.querySelector('.title-page [aria-busy="true"], .genre-page [aria-busy="true"]'),
      null,
      { timeout: 15_000 },
    );
    onHop();
    const found = await find();
    if (found) return found;
  }
  const fromHome = await unseenOnHome(page, seen);
  if (fromHome) return fromHome;
  for (let hop = 0; hop < 60; hop += 1) {
    // A genre's next 30, a list's own page (a genre's best 30) or a title's genre
    // reach further than "more like this", whose first positions home already shows.
    const next = page.locator('a.pager__link[rel="next"]');
    const lists = page.locator('a.row__link, a.title__genre');
    const links =
      (await next.count()) > 0
        ? next
        : (await lists.count()) > 0 && Math.random() < 0.7
          ? lists
          : page.locator('a.card__link');
    const count = await links.count();
    if (count === 0) return null;
    const link = links.nth(Math.floor(Math.random() * count));
    const path = await link.evaluate((a) => /** @type {HTMLAnchorElement} */ (a).pathname);
    await link.click();
    await page.waitForFunction((p) => location.pathname === p, path, { timeout: 15_000 });
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 15_000 });
    onHop();
    const found = await find();
    if (found) return found;
  }
  return null;
}

/**
 * The first card link on the page (or in `scope`) to a title not opened yet.
 * @param {import('playwright-core').Page} page
 * @param {Set<string>} seen
 * @param {string} [scope] a selector the card must be inside
 * @returns {Promise<UnseenCard | null>}
 */
export function firstUnseen(page, seen, scope = 'body') {
  return page.evaluate(
    ([opened, within]) => {
      for (const a of document.querySelectorAll(`${within} a.card__link`)) {
        const link = /** @type {HTMLAnchorElement} */ (a);
        const name = link.closest('li.card')?.querySelector('.card__name')?.textContent?.trim();
        if (name && !opened.includes(link.href)) return { href: link.href, path: link.pathname, name };
      }
      return null;
    },
    /** @type {[string[], string]} */ ([[...seen], scope]),
  );
}

/**
 * Home (its masthead link, a client navigation, unless home is shown), scrolled
 * until a card to a title not opened yet shows: its rows below the fold load
 * as they near the viewport.
 * @param {import('playwright-core').Page} page
 * @param {Set<string>} seen
 * @param {() => void} [onHop] told of the navigation home, when one was made
 * @returns {Promise<UnseenCard | null>}
 */
export async function unseenOnHome(page, seen, onHop) {
  if (!(await page.evaluate(() => !!document.querySelector('.home')))) {
    await page.locator('a.masthead__brand[href="/"]').click();
    await page.waitForFunction(() => location.pathname === '/' && !!document.querySelector('.home'));
    onHop?.();
  }
  // A visitor's pointer on the page: the first intent, which loads the rows in view (nothing loads before it).
  await page.mouse.move(20, 20);
  for (;;) {
    // The rows in view first: a placeholder loads itself as it nears the viewport.
    await page.waitForFunction(
      () =>
        ![...document.querySelectorAll('.home [aria-busy="true"]')].some((row) => {
          const { top, bottom } = row.getBoundingClientRect();
          return top < innerHeight && bottom > 0;
        }),
      null,
      { timeout: 15_000 },
    );
    const found = await firstUnseen(page, seen);
    if (found) return found;
    const y = await page.evaluate(() => scrollY);
    if (await page.evaluate(() => scrollY + innerHeight >= document.documentElement.scrollHeight - 1)) return null;
    await page.mouse.wheel(0, 1200);
    await page.waitForFunction((from) => scrollY !== from, y, { timeout: 15_000 });
  }
}
