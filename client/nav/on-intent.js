// @ts-check
// Waits for the first sign that the visitor may follow a link of this app (a
// pointer or focus on one, a touch) and only then runs `start` with that
// event: client navigation and prefetch are not part of the first load. A
// click that comes first is held, then replayed once `start` is done, so it
// still navigates without a reload. The returned function starts it without
// an event (on the visitor's first intent anywhere on the page, client/intent.js),
// so a straight click later waits for nothing.

const TRIGGERS = /** @type {const} */ (['pointerover', 'focusin', 'touchstart', 'click']);

/**
 * @param {(link: HTMLAnchorElement) => boolean} isAppLink a link the client can navigate to
 * @param {(trigger: Event | null, link: HTMLAnchorElement | null, latest: () => Event | null) => Promise<unknown>} start
 *   link: the one the trigger is on; latest: the last intent on a link so far, for navigation to
 *   handle once loaded (a pointer that came onto a card while the code loaded, after a scroll started it)
 * @returns {() => void} starts it now, with no trigger, unless an intent already did
 */
export function onFirstIntent(isAppLink, start) {
  /** @type {Promise<unknown> | undefined} */
  let started;
  /** @type {Event | null} */
  let latest = null;
  const latestIntent = () => latest;
  const stop = () => {
    for (const type of TRIGGERS) removeEventListener(type, seen, true);
  };
  /** @param {Event} event */
  const seen = (event) => {
    const link = /** @type {Element | null} */ (event.target)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || !isAppLink(link)) return;
    const click = event.type === 'click';
    if (click) {
      const { button, metaKey, ctrlKey, shiftKey, altKey } = /** @type {MouseEvent} */ (event);
      // A click for a new tab or window is the browser's, as always.
      if (event.defaultPrevented || button !== 0 || metaKey || ctrlKey || shiftKey || altKey) return;
      event.preventDefault();
    }
    if (!click) latest = event;
    if (!started) {
      started = start(event, link, latestIntent);
      started.then(stop, stop);
    }
    // Held until navigation is there (a click right after the first hover too), then replayed;
    // a link gone meanwhile is followed by address.
    const follow = () => location.assign(link.href);
    if (click) started.then(() => (link.isConnected ? link.click() : follow()), follow);
  };
  // Capture: seen before any handler further down can stop it.
  for (const type of TRIGGERS) addEventListener(type, seen, { capture: true, passive: type === 'touchstart' });
  return () => {
    if (started) return;
    started = start(null, null, latestIntent);
    started.then(stop, stop);
  };
}
