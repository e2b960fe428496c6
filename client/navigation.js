// @ts-check
// Client-side navigation with the history API: same-origin links to a page
// of this app are followed without a reload (one Falcor model and its cache
// for the page's lifetime), back and forward restore the scroll position.
// Delegated: one click listener for every link, present and future, so a
// link's click() or Enter on a focused link (keyboard navigation) works too.

/** @typedef {import('../shared/components/App.jsx').ShownPage} ShownPage */
/** @typedef {{ scrollY?: number }} EntryState what each history entry remembers */
/**
 * @typedef {{
 *   urlChanged: () => void,
 *   shown: (cache: import('./nav/timing.js').CacheState, complete: boolean) => void,
 *   cancel: () => void,
 * }} NavMeasure one navigation's timer
 */

/** Scroll positions are saved this long after scrolling stops (replaceState is rate-limited). */
const SAVE_SCROLL_AFTER_MS = 150;

/**
 * @param {{
 *   pageFor: (route: import('../shared/pages/registry.js').RouteMatch, key: string) => Promise<{ page: ShownPage, update?: Promise<ShownPage>, cache: import('./nav/timing.js').CacheState }>,
 *   show: (page: ShownPage) => void,
 *   matchRoute: typeof import('../shared/pages/registry.js').matchRoute,
 *   measure?: (start: { from: string, to: string, event: Event | null }) => NavMeasure,
 * }} deps the registry is handed in, not imported: this chunk then shares no code with the entry;
 *   measure: times each navigation (client/nav/timing.js)
 * @returns {() => void} stops listening
 */
export function startNavigation({ pageFor, show, matchRoute, measure }) {
  // We restore scroll ourselves, once the page is rendered: the browser's
  // own restoration would run before the new page exists.
  history.scrollRestoration = 'manual';
  let current = 0;
  /** The path of the page shown: a popstate has changed location already. */
  let shownPath = location.pathname;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let saveTimer;

  const saveScroll = () => {
    clearTimeout(saveTimer);
    history.replaceState({ ...history.state, scrollY: window.scrollY }, '');
  };
  const onScroll = () => {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(saveScroll, SAVE_SCROLL_AFTER_MS);
  };

  /**
   * @param {string} href path and query
   * @param {'push' | 'pop'} mode
   * @param {number} scrollY where the page is shown
   * @param {Event} event the click or popstate
   */
  const go = async (href, mode, scrollY, event) => {
    const url = new URL(href, location.href);
    const route = matchRoute(url.pathname);
    const attempt = ++current;
    if (!route) return location.assign(url);
    // From where the page is now (for a popstate, location already says where it goes).
    const timer = measure?.({ from: mode === 'push' ? location.pathname : shownPath, to: url.pathname, event });
    if (mode === 'push') saveScroll();
    try {
      const { page, update, cache } = await pageFor(route, url.pathname);
      // A newer navigation started meanwhile: it wins.
      if (attempt !== current) return timer?.cancel();
      if (mode === 'push') history.pushState({ scrollY: 0 }, '', url.pathname + url.search + url.hash);
      shownPath = url.pathname;
      timer?.urlChanged();
      show({ ...page, scrollY });
      timer?.shown(cache, !update);
      // What the cache lacked, once it has come: the same page, scrolled where the visitor left it.
      update?.then((later) => {
        if (attempt !== current) return timer?.cancel();
        show(later);
        timer?.shown(cache, true);
      });
    } catch {
      timer?.cancel();
      // The data or code could not be had: let the server render the page.
      if (attempt === current) location.assign(url);
    }
  };

  /** @param {MouseEvent} event */
  const onClick = (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = /** @type {Element | null} */ (event.target)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
    if (link.target && link.target !== '_self') return;
    if (link.origin !== location.origin || !matchRoute(link.pathname)) return;
    event.preventDefault();
    if (link.pathname === location.pathname && link.search === location.search) return;
    go(link.href, 'push', 0, event);
  };

  /** @param {PopStateEvent} event */
  const onPop = (event) => {
    const state = /** @type {EntryState | null} */ (event.state);
    go(location.href, 'pop', state?.scrollY ?? 0, event);
  };

  /** @param {PageTransitionEvent} event */
  const onPageHide = (event) => {
    // A page going into the back/forward cache keeps its scroll position itself.
    // Pitfall: a replaceState while it is being stored cancels the storing
    // (Chromium's notRestoredReasons: "navigation-canceled"), and Back reloads the page.
    if (!event.persisted) saveScroll();
  };

  document.addEventListener('click', onClick);
  window.addEventListener('popstate', onPop);
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('pagehide', onPageHide);
  return () => {
    document.removeEventListener('click', onClick);
    window.removeEventListener('popstate', onPop);
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('pagehide', onPageHide);
  };
}
