// @ts-check
// Keyboard navigation across the card grid, like a TV UI: arrows move focus
// between cards (Left/Right in a row, Up/Down to the nearest card of the row
// above or below), Enter follows the focused card's link (native, so client
// navigation intercepts it like a click), Escape and Backspace go back.
// Markup (shared/components/TitleRow.jsx): section.row[data-row-index] >
// ul.row__cards > li.card > a.card__link.
import { canGoBackInSite, isTextEntry, moveFor, nearestColumn } from './target.js';

const ROW = '[data-row-index]';

/**
 * Listens on `root` until the returned function is called.
 * @param {Document} [root]
 * @returns {() => void}
 */
export function installGridNavigation(root = document) {
  root.addEventListener('keydown', onKeyDown);
  return () => root.removeEventListener('keydown', onKeyDown);
}

/** @param {KeyboardEvent} event */
function onKeyDown(event) {
  const move = moveFor(event);
  if (!move) return;
  const active = document.activeElement;
  if (move === 'back') {
    const where = { navigation: /** @type {any} */ (window).navigation, historyLength: history.length };
    if (isTextEntry(active) || !canGoBackInSite({ ...where, referrer: document.referrer, origin: location.origin })) {
      return;
    }
    event.preventDefault();
    history.back();
    return;
  }
  // Pitfall (Netflix TV UI): key input responsiveness; work per key press proportional to the page.
  // So: no query over the page and no index of it (rows load later and would
  // leave one stale); only the focused card, its siblings and one row beside it.
  const card = active?.closest('.card');
  const row = card?.closest(ROW);
  if (!card || !row) return;
  // An arrow on a card moves focus; it must not scroll the row or the page too.
  event.preventDefault();
  if (move === 'left' || move === 'right') {
    const next = move === 'left' ? card.previousElementSibling : card.nextElementSibling;
    if (next) focusCard(next, null);
    return;
  }
  const below = move === 'down';
  for (let other = sibling(row, below); other; other = sibling(other, below)) {
    if (!other.matches(ROW)) continue;
    const list = other.querySelector('.row__cards');
    const first = list?.firstElementChild;
    if (list && first instanceof HTMLElement) {
      // One measurement of the target row: its first card, plus the pitch.
      const pitch =
        first.nextElementSibling instanceof HTMLElement ? first.nextElementSibling.offsetLeft - first.offsetLeft : 1;
      const left = first.getBoundingClientRect().left;
      const index = nearestColumn(card.getBoundingClientRect().left, left, pitch, list.childElementCount);
      focusCard(list.children[index], other);
      return;
    }
    // A row still loading: bring it into view (it loads near the viewport) and
    // keep focus where it is; the next press finds its cards.
    if (other.getAttribute('data-row-state') === 'placeholder') {
      other.scrollIntoView({ block: 'nearest' });
      return;
    }
    // A loaded row with no cards (every title failed): skip it.
  }
}

/**
 * @param {Element} row
 * @param {boolean} below
 */
function sibling(row, below) {
  return below ? row.nextElementSibling : row.previousElementSibling;
}

/**
 * Focuses a card's link and scrolls just enough to show it: the page to its
 * whole row (heading included) when focus changed rows, the row to the card.
 * @param {Element} card
 * @param {Element | null} row the row focus moved into, if it changed rows
 */
function focusCard(card, row) {
  const link = card.querySelector('.card__link');
  if (!(link instanceof HTMLElement)) return;
  link.focus({ preventScroll: true });
  row?.scrollIntoView({ block: 'nearest' });
  card.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}
