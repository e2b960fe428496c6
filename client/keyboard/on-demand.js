// @ts-check
// Keyboard navigation is fetched the first time something on the page takes
// focus or a key is pressed, not with the page, so visitors who only point and
// tap never pay for it (issue 3's first-load budget counts what every visitor
// loads). Arrows pressed on a card while it loads are held and replayed.

/** Event types that show a visitor is using the keyboard (or focusing a link). */
const TRIGGERS = /** @type {const} */ (['focusin', 'keydown']);
const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/**
 * Loads client/keyboard/index.js once, on the first trigger (at once if
 * something already has focus, e.g. a card tabbed to before hydration).
 * @returns {void}
 */
export function loadKeyboardOnDemand() {
  /** @type {string[]} */
  const held = [];
  // Tab then an arrow at once is the usual first move: without this the
  // arrow scrolls the page instead and focus stays put.
  const hold = (/** @type {KeyboardEvent} */ event) => {
    const { altKey, ctrlKey, metaKey, shiftKey } = event;
    if (!ARROWS.has(event.key) || event.defaultPrevented || altKey || ctrlKey || metaKey || shiftKey) return;
    if (!document.activeElement?.closest('.card')) return;
    event.preventDefault();
    held.push(event.key);
  };
  /** @param {Event} [trigger] */
  const load = (trigger) => {
    for (const type of TRIGGERS) removeEventListener(type, load, true);
    addEventListener('keydown', hold, true);
    if (trigger?.type === 'keydown') hold(/** @type {KeyboardEvent} */ (trigger));
    const release = () => removeEventListener('keydown', hold, true);
    import('./index.js').then(() => {
      release(); // first: the replayed events must not be held again
      for (const key of held.splice(0)) {
        document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      }
    }, release);
  };
  if (document.activeElement && document.activeElement !== document.body) return load();
  // Capture: seen even when a handler further down stops the event.
  for (const type of TRIGGERS) addEventListener(type, load, true);
}
