// @ts-check
// perf:nav-heap's "home and more" walk (--walk home-and-more, issue 38): the
// first card on the page shown to a title not opened yet; when the page has
// none, home through the masthead's link and down its rows until one shows.
// No Back, no genre pages: a visitor who goes home between titles, so home's
// rows are loaded again and again, and the walk reaches what home shows.
import { firstUnseen, unseenCard, unseenOnHome } from './walk.js';

/**
 * @param {import('playwright-core').Page} page
 * @param {Set<string>} seen
 * @param {() => void} onHop told of each navigation made only to reach a new title
 * @returns {Promise<import('./walk.js').UnseenCard | null>}
 */
export async function homeAndMoreCard(page, seen, onHop) {
  const here = await firstUnseen(page, seen);
  if (here) return here;
  // Once all of home is opened, on as the default walk goes (lists, genre pages).
  return (await unseenOnHome(page, seen, onHop)) ?? unseenCard(page, seen, onHop);
}
