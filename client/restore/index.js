// @ts-check
// A page the back/forward cache restored (`pageshow` with `persisted`) is the
// page as the visitor left it, possibly hours ago: My List and ratings may
// have changed meanwhile in another tab or device. Its own chunk, loaded on
// the first restore only: the visitor's data shown is read again in one
// request and laid over the page, and the restore is beaconed.
// https://web.dev/articles/bfcache#update-stale-or-sensitive-data-after-bfcache-restore
import { sendRestoreBeacon } from './beacon.js';

/** The per-visitor keys of a title (MyListButton, RatingControl): the rest is the catalog's. The server's
 * routes declare them (`visitor: true`); client code cannot import those, so test/client/restore/visitor-keys.test.js
 * checks this list against them. */
export const VISITOR_KEYS = ['inMyList', 'userRating'];
/** Titles whose data is read again at most: a home page with every row loaded shows 1,000 cards, the server takes 1,000 paths a request. */
const MAX_TITLES = 250;

/**
 * @param {PageTransitionEvent} event the `pageshow` that restored the page
 * @param {{
 *   app: import('../model.js').AppModel,
 *   options: import('../../shared/pages/registry.js').PageOptions,
 *   everyRow: import('../../shared/pages/registry.js').PageOptions,
 *   registry: Pick<typeof import('../../shared/pages/registry.js'), 'loadPage' | 'matchRoute'>,
 *   show: (page: import('../../shared/components/App.jsx').ShownPage) => void,
 *   apply: (read: ReadonlyMap<string, import('../../shared/visitor-store.js').VisitorValues>) => void,
 * }} deps everyRow: the options reading every row this visit may have loaded; it and the registry are
 *   handed in, not imported: this chunk then shares no code with the entry
 */
export async function pageRestored(event, { app, options, everyRow, registry, show, apply }) {
  const route = registry.matchRoute(location.pathname);
  if (!route) return;
  sendRestoreBeacon(route.template, event);
  const { strict, model } = app;
  const module = await registry.loadPage(route.name);
  // Every title the cache holds forgets its visitor keys (a later navigation reads them again),
  // and so does My List; what this page shows is read now.
  const cached = Object.keys(model.getCache().titlesById ?? {});
  strict.invalidate(['myList'], ...(cached.length > 0 ? [['titlesById', cached, VISITOR_KEYS]] : []));
  const shown = shownTitleIds();
  const head = module.headQuery?.(route.params, options) ?? [];
  const query = module.query(route.params, options, head.length > 0 ? model.getCache(...head) : {});
  const titles = shown.length > 0 ? [['titlesById', shown, VISITOR_KEYS]] : [];
  try {
    await strict.get(...query, ...titles);
  } catch {
    return; // Offline, or the catalog is down: the page stays as it was, the next write will tell.
  }
  const byId = titles.length > 0 ? (strict.getCache(...titles).titlesById ?? {}) : {};
  // A title the answer lacks (its read failed) keeps what the page showed.
  apply(new Map(shown.filter((id) => byId[id]).map((id) => [id, visitorValues(byId[id])])));
  // The page's props again (the home page's My List row), with every row this visit loaded.
  const props = module.props(strict.getCache(...module.query(route.params, everyRow, {})), route.params, everyRow);
  show({ Component: module.Component, props, key: location.pathname, title: module.documentTitle(props) });
}

/** The titles on the page now (cards, the title page), at most MAX_TITLES. */
function shownTitleIds() {
  const ids = new Set();
  for (const element of document.querySelectorAll('[data-title-id]')) {
    ids.add(element.getAttribute('data-title-id'));
    if (ids.size >= MAX_TITLES) break;
  }
  return /** @type {string[]} */ ([...ids].filter(Boolean));
}

/**
 * @param {any} node a title's branch of the cache
 * @returns {import('../../shared/visitor-store.js').VisitorValues}
 */
function visitorValues(node) {
  const unwrap = (/** @type {any} */ value) => (value && typeof value === 'object' ? value.value : value);
  return { inMyList: unwrap(node?.inMyList) === true, userRating: unwrap(node?.userRating) ?? null };
}
