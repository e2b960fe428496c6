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
  const active = document.activeElement;
  if (move === 'back') {
    const where = { historyLength: history.length, referrer: document.referrer, origin: location.origin };
    if (isTextEntry(active) || !canGoBackInSite({ navigation: /** @type {any} */ (window).navigation, ...where })) {
      return;
    }
    event.preventDefault();
    history.back();
    return;
  }
  // Pitfall (Netflix TV UI): key input responsiveness; work per key press proportional to the page.
  // So: no query over the page and no index of it (rows load later and would
  // leave one stale); only the focused card, its siblings and one row beside it.
  const card = move && active?.closest('.card');
  const row = card && card.closest(ROW);
  if (!row) return;
  // An arrow on a card moves focus; it must not scroll the row or the page too.
  event.preventDefault();
  if (move === 'left') return focusCard(card.previousElementSibling);
  if (move === 'right') return focusCard(card.nextElementSibling);
  for (
    let /** @type {Element | null} */ other = row;
    (other = move === 'down' ? other.nextElementSibling : other.previousElementSibling);
  ) {
    if (!other.matches(ROW)) continue;
    const list = /** @type {HTMLElement} */ (other.querySelector('.row__cards'));
    const first = /** @type {HTMLElement | null} */ (list.firstElementChild);
    if (first) {
      // One measurement of the target row: its first card, plus the pitch.
      const second = /** @type {HTMLElement | null} */ (first.nextElementSibling);
      const pitch = second ? second.offsetLeft - first.offsetLeft : 1;
      const x = card.getBoundingClientRect().left;
      const index = nearestColumn(x, first.getBoundingClientRect().left, pitch, list.childElementCount);
      return focusCard(list.children[index], other);
    }
    // A row still loading: bring it into view (it loads near the viewport) and
    // keep focus where it is; the next press finds its cards. A loaded row
    // with no cards (every title failed) is skipped.
    if (other.getAttribute('data-row-state') === 'placeholder') return other.scrollIntoView({ block: 'nearest' });
  }
}

/**
 * Focuses a card's link and scrolls just enough to show it: the page to its
 * whole row (heading included) when focus changed rows, the row to the card.
 * @param {Element | null} card
 * @param {Element} [row] the row focus moved into, if it changed rows
 */
function focusCard(card, row) {
  const link = /** @type {HTMLElement | null | undefined} */ (card?.querySelector('.card__link'));
  if (!link) return;
  link.focus({ preventScroll: true });
  row?.scrollIntoView({ block: 'nearest' });
  card?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}
