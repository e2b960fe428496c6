// @ts-check
// perf:nav-heap's "more like this" walk (--walk more-like-this, issue 27):
// from a title page, the first card of its "more like this" rows to a title
// not opened yet; when none is left, home, scrolled until one shows. Every
// navigation is to a title page never shown before, so each brings new data
// (the title, its rows and their cards): what a visitor following
// recommendations meets, and what the Back-and-next-page walk (./walk.js) meets less.
import { firstUnseen, unseenCard, unseenOnHome } from './walk.js';

/**
 * @param {import('playwright-core').Page} page
 * @param {Set<string>} seen
 * @param {() => void} onHop told of each navigation made only to reach a new title
 * @returns {Promise<import('./walk.js').UnseenCard | null>}
 */
export async function moreLikeThisCard(page, seen, onHop) {
  const here = await firstUnseen(page, seen, '.title-page .rows');
  if (here) return here;
  // Home's rows repeat titles (a film is in its genre, its decade, the top rated…): once
  // all of home is opened, on from there as the default walk goes (lists, genre pages).
  return (await unseenOnHome(page, seen, onHop)) ?? unseenCard(page, seen, onHop);
}
