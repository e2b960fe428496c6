// @ts-check
// Client navigation at the speed of the cache, fetched on the first sign of
// intent (client/nav/on-intent.js), never with the page: its code stays out of
// the JavaScript before hydration and out of the first load. Once here:
//   - links of this app are followed with the history API, each page shown at
//     once from what the client's cache holds (./from-cache.js);
//   - a pointer, focus or touch on a link loads that page's code chunk at
//     once, so a click never waits for code;
//   - a card pointed at or focused for a dwell has its page's data prefetched
//     (./prefetcher.js), unless NAV_PREFETCH=off or the connection saves data.
import { startNavigation } from '../navigation.js';
import { pageFromCache } from './from-cache.js';
import { connectionAllowsPrefetch, createPrefetcher } from './prefetcher.js';
import { createNavTiming, triggerOf } from './timing.js';

/** @typedef {import('../../shared/components/App.jsx').ShownPage} ShownPage */

/** Links whose page data is prefetched on intent: the cards (home, title and genre pages). */
const CARD_LINK = 'a.card__link';
/** Paths whose last props are kept, for Back while an invalidated part is fetched again. */
const REMEMBERED_PAGES = 4;
/** Paths remembered as prefetched, for the navigation beacon's cache state (newest kept). */
const REMEMBERED_PREFETCHES = 20;

/**
 * @param {{
 *   model: any,
 *   strict: any,
 *   options: import('../../shared/pages/registry.js').PageOptions,
 *   everyRow: import('../../shared/pages/registry.js').PageOptions,
 *   registry: Pick<typeof import('../../shared/pages/registry.js'), 'loadPage' | 'matchRoute'>,
 *   show: (page: ShownPage) => void,
 *   initial: ShownPage | null,
 *   requestId?: string,
 * }} deps model: the client's Falcor model (errors as values), strict: the same with errors as errors; options: what the server rendered with;
 *   everyRow: the options reading every row this visit may have loaded (client/services.js);
 *   registry and everyRow: handed in, not imported, so this chunk shares no code with the entry;
 *   initial: the page the server rendered; requestId: the page's (server/middleware/request-log.js), for the beacons
 * @param {Event | null} trigger the event that loaded this chunk, handled as if it came now; null when loaded at idle
 */
export function start({ model, strict, options, everyRow, registry, show, initial, requestId }, trigger) {
  const { loadPage, matchRoute } = registry;
  // The props each recent path was last shown with: Back shows them while
  // what a change invalidated (My List) is fetched again.
  /** @type {Map<string, object>} */
  const shownProps = new Map();
  /** @param {ShownPage} page */
  const remember = (page) => {
    shownProps.delete(page.key);
    shownProps.set(page.key, page.props);
    if (shownProps.size > REMEMBERED_PAGES) shownProps.delete(/** @type {string} */ (shownProps.keys().next().value));
  };
  if (initial) remember(initial);
  /** @type {Set<string>} paths a prefetch has fetched */
  const prefetched = new Set();
  const timing = createNavTiming({ routeOf: (path) => matchRoute(path)?.template ?? null, requestId });
  startNavigation({
    async pageFor(route, key) {
      const module = await loadPage(route.name);
      const answer = await pageFromCache(strict, module, route, key, options, everyRow, shownProps.get(key));
      const cache =
        answer.cache === 'all'
          ? prefetched.has(key)
            ? 'prefetched'
            : 'cached'
          : answer.cache === 'heading'
            ? 'heading'
            : 'cold';
      return { ...answer, cache };
    },
    measure: ({ from, to, event }) => timing.start({ from, to, event, trigger: triggerOf(event) }),
    show(page) {
      remember(page);
      show(page);
    },
    matchRoute,
  });

  const prefetcher = createPrefetcher({
    async fetch(href) {
      const route = matchRoute(href);
      if (!route) return;
      const module = await loadPage(route.name);
      // A read (get, never a write), with the visitor's own cookie: the answer lands in this visitor's cache only.
      await model.get(...module.query(route.params, options, {}));
      prefetched.delete(href);
      prefetched.add(href);
      if (prefetched.size > REMEMBERED_PREFETCHES)
        prefetched.delete(/** @type {string} */ (prefetched.values().next().value));
    },
    allowed: () => options.prefetch !== false && connectionAllowsPrefetch(/** @type {any} */ (navigator).connection),
  });

  /** @param {Event} event @returns {HTMLAnchorElement | null} */
  const linkOf = (event) => {
    const link = /** @type {Element | null} */ (event.target)?.closest?.('a[href]');
    return link instanceof HTMLAnchorElement && link.origin === location.origin ? link : null;
  };
  /** @param {Event} event */
  const onIntent = (event) => {
    const link = linkOf(event);
    const route = link && matchRoute(link.pathname);
    if (!link || !route) return;
    // The code first, without a dwell: it is small, shared by every title, and a click must never wait for it.
    loadPage(route.name).catch(() => {});
    if (link.matches(CARD_LINK)) prefetcher.intent(link.pathname);
  };
  /** @param {Event} event */
  const onLeave = (event) => {
    const link = linkOf(event);
    const to = /** @type {MouseEvent | FocusEvent} */ (event).relatedTarget;
    // Moving between a link's own children is not leaving it.
    if (link && !(to instanceof Node && link.contains(to))) prefetcher.leave(link.pathname);
  };

  addEventListener('pointerover', onIntent, true);
  addEventListener('focusin', onIntent, true);
  addEventListener('touchstart', onIntent, { capture: true, passive: true });
  addEventListener('pointerout', onLeave, true);
  addEventListener('focusout', onLeave, true);
  // The intent that loaded this chunk counts only if it still holds: a pointer
  // that left the link, or focus that moved on, while the chunk loaded sends nothing.
  if (trigger && trigger.type !== 'click' && stillOn(linkOf(trigger), trigger)) onIntent(trigger);
}

/**
 * @param {HTMLAnchorElement | null} link
 * @param {Event} trigger pointerover, focusin or touchstart
 */
function stillOn(link, trigger) {
  if (!link) return false;
  if (trigger.type === 'pointerover') return link.matches(':hover');
  if (trigger.type === 'focusin') return link.contains(document.activeElement);
  return true; // a touch: the tap follows
}
