// @ts-check
// How many of a row's cards, from its start, have their poster: the server's
// first few, then as far as the row's scroller has come near, once the row
// itself is near the viewport. Only an effect touches the browser: the
// server and the hydrating client render the same first count.
import { startTransition, useEffect, useState } from 'react';

/**
 * Posters a row server-renders: a phone's first viewport shows 2.4 cards a
 * row, a laptop's 7; the laptop's others follow once hydrated.
 */
export const FIRST_POSTERS = 3;

/**
 * From which viewport width a card is in the first viewport, its left edge
 * inside the row (views/partials/critical-css.hbs: rows padded 24px, cards
 * 160px with a 12px gap): a laptop's server-rendered cards load from the
 * markup, a phone's wait for the row's observer.
 * @param {number} position of the card in its row
 */
export const shownFrom = (position) => 24 + 172 * position + 1;

// Pitfall: posters fetched a screen or more before they can be seen compete
// with the ones that are (a whole row on a phone); a quarter of the
// scroller's width ahead, and of the viewport's height below, is enough for
// a swipe or an arrow key to find the next poster on its way.
const NEAR_IN_ROW = '0px 25%';
const NEAR_ON_PAGE = '25% 0px';

/**
 * @param {import('react').RefObject<HTMLElement | null>} rowRef the row's section, its cards in `.row__cards`
 * @param {unknown} cards changes when the row's cards change
 * @param {number} first how many have their poster at first
 * @returns {number}
 */
export function usePosterReach(rowRef, cards, first) {
  const [reach, setReach] = useState(first);
  useEffect(() => {
    const scroller = rowRef.current?.querySelector('.row__cards');
    if (!rowRef.current || !scroller) return undefined;
    const items = [...scroller.children];
    let rowNear = false;
    let furthest = -1;
    // Pitfall: posters set at default priority rendered every row near the viewport in one task
    // right after hydration (52 to 65 ms on the desktop profile, the task that set lab TTI); in a
    // transition React yields between slices, and a visitor's input comes first.
    const update = () => {
      if (rowNear && furthest >= 0) startTransition(() => setReach((was) => Math.max(was, furthest + 1)));
    };
    // Rooted at the scroller: the page's viewport sees a card beyond the
    // scroller's edge as clipped, whatever its margin.
    const inRow = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          if (entry.isIntersecting) furthest = Math.max(furthest, items.indexOf(entry.target));
        update();
      },
      { root: scroller, rootMargin: NEAR_IN_ROW },
    );
    // The scroller alone would call every row near, however far down the page.
    const onPage = new IntersectionObserver(
      (entries) => {
        rowNear = entries[entries.length - 1].isIntersecting;
        update();
      },
      { rootMargin: NEAR_ON_PAGE },
    );
    for (const item of items) inRow.observe(item);
    onPage.observe(rowRef.current);
    return () => {
      inRow.disconnect();
      onPage.disconnect();
    };
  }, [rowRef, cards]);
  return reach;
}
