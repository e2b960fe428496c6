// @ts-check
// Keyboard navigation is fetched the first time something on the page takes
// focus or a key is pressed, not with the page: arrows act only on a focused
// card, so nothing is lost, and visitors who only point and tap never pay
// for it (issue 3's first-load budget counts what every visitor loads).

/** Event types that show a visitor is using the keyboard (or focusing a link). */
const TRIGGERS = /** @type {const} */ (['focusin', 'keydown']);

/**
 * Loads client/keyboard/index.js once, on the first trigger (at once if
 * something already has focus, e.g. a card tabbed to before hydration).
 * @returns {void}
 */
export function loadKeyboardOnDemand() {
  const load = () => {
    for (const type of TRIGGERS) removeEventListener(type, load, true);
    import('./index.js');
  };
  if (document.activeElement && document.activeElement !== document.body) return load();
  // Capture: seen even when a handler further down stops the event.
  for (const type of TRIGGERS) addEventListener(type, load, true);
}
