// @ts-check
// The decisions of keyboard navigation, apart from the DOM so that they can be
// tested without a browser: which key does what, which card of a row is
// nearest a column, and when a key may take the visitor back.

/** @typedef {'left' | 'right' | 'up' | 'down' | 'back'} Move */

/** @type {Readonly<Record<string, Move | null>>} `| null`: TypeScript reads `__proto__: null` as a value. */
export const MOVES = Object.freeze({
  // No prototype: a key named "toString" finds nothing.
  __proto__: null,
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Escape: 'back',
  Backspace: 'back',
});

/**
 * The move a key press asks for, or null when it is not ours: modified keys
 * (Alt+Left is the browser's own back, Shift+arrows select text) and presses
 * in the middle of an IME composition are left to the browser.
 * @param {{ key: string, altKey?: boolean, ctrlKey?: boolean, metaKey?: boolean, shiftKey?: boolean,
 *   isComposing?: boolean, defaultPrevented?: boolean }} event
 * @returns {Move | null}
 */
export function moveFor(event) {
  const { altKey, ctrlKey, metaKey, shiftKey } = event;
  if (event.defaultPrevented || event.isComposing || altKey || ctrlKey || metaKey || shiftKey) return null;
  return MOVES[event.key] ?? null;
}

/**
 * Index of the card in a row of equal-width cards whose left edge is nearest
 * `x`: the column kept when moving up or down. From the row's first card and
 * the card pitch alone, so the target row costs one measurement, not one per card.
 * @param {number} x left edge of the card focus leaves (viewport pixels)
 * @param {number} firstLeft left edge of the target row's first card (after its scroll)
 * @param {number} pitch card width plus gap (> 0)
 * @param {number} count cards in the target row
 * @returns {number} an index in [0, count - 1], or -1 for an empty row
 */
export function nearestColumn(x, firstLeft, pitch, count) {
  if (count <= 0) return -1;
  if (!(pitch > 0)) return 0;
  const column = Math.round((x - firstLeft) / pitch);
  return Math.min(count - 1, Math.max(0, column));
}

/** Input types that take no typing: Escape or Backspace there is not an edit. */
const NON_TEXT_INPUT = /^(button|checkbox|color|file|image|radio|range|reset|submit)$/i;

/**
 * Whether keys typed here edit text (where Backspace deletes and Escape
 * cancels): never a place to go back from.
 * @param {{ tagName?: string, type?: string, isContentEditable?: boolean } | null | undefined} element
 */
export function isTextEntry(element) {
  const tag = element?.tagName?.toUpperCase();
  return Boolean(
    element?.isContentEditable ||
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    (tag === 'INPUT' && !NON_TEXT_INPUT.test(String(element?.type))),
  );
}

/**
 * Whether history.back() stays within this site. The Navigation API lists only
 * this origin's entries, so canGoBack is false on the first page of a visit
 * even when another site came before. Without it, a same-origin referrer is
 * the best sign that the previous entry is ours.
 * @param {{ navigation?: { canGoBack?: boolean }, historyLength: number, referrer: string, origin: string }} where
 */
export function canGoBackInSite({ navigation, historyLength, referrer, origin }) {
  if (typeof navigation?.canGoBack === 'boolean') return navigation.canGoBack;
  if (historyLength < 2 || !referrer) return false;
  try {
    return new URL(referrer).origin === origin;
  } catch {
    return false;
  }
}
