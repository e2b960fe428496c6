// @ts-check
// What the client hands the shared App: its Falcor model (lazy), the row
// loader, my-list and rating writes, and navigation between pages (lazy too,
// client/nav/). Both chunks load on the visitor's first intent (./intent.js)
// or first need (a write, a link's intent), whichever comes first; never at
// idle on their own.
import { loadPage, matchRoute } from '../shared/pages/registry.js';
import { onFirstIntent } from './nav/on-intent.js';
import { firstIntent } from './intent.js';
import { afterNearRows, fetchRowsEarly, prefetchRowAtIdle } from './early-rows.js';
import { MAX_ROWS } from '../shared/graph/limits.js';

/** The User Timing mark set once client navigation listens, its code and the linked pages' loaded. */
const NAVIGATION_MARK = 'marquee:navigation';

/** @typedef {import('../shared/components/App.jsx').AppServices} AppServices */
/** @typedef {import('../shared/components/App.jsx').ShownPage} ShownPage */

/**
 * @param {object} cache the serialized JSON Graph the server rendered from
 * @param {{ options?: import('../shared/pages/registry.js').PageOptions, requestId?: string }} page what the server said about the page
 * @param {() => void} onInteractive called once hydration has committed
 */
export function createServices(cache, page, onInteractive) {
  // The options the server rendered with: the first render must match its HTML.
  const options = page.options ?? { rows: 0 };
  // Every row this visit may have loaded, for pages shown again from the cache (navigation, a restore). Handed to
  // their chunks rather than imported there (pitfall: a one-function chunk of shared/graph/limits.js, fetched
  // before hydration by every page because those chunks shared it, issue 37).
  const everyRow = { ...options, rows: MAX_ROWS };
  /** @type {Promise<import('./model.js').AppModel> | undefined} */
  let appModel;
  // Falcor arrives in a lazy chunk, once (keep it out of what runs before interactive).
  // Reads of what the server sent need none of it: initialPage reads the plain cache.
  /** @type {import('./early-rows.js').Sent[]} row data fetched before the model was asked for (fetchRowsEarly): merged into it once built */
  const early = [];
  const getModel = () =>
    (appModel ??= import('./model.js').then((m) => {
      const app = m.createAppModel(cache);
      for (const sent of early) app.merge(sent);
      return app;
    }));
  /** @type {ShownPage | null} */
  let initial = null;
  /** @type {((page: ShownPage) => void) | undefined} the App's, once it has mounted */
  let show;
  /** @type {Parameters<NonNullable<AppServices['onVisitorDataRead']>>[0] | undefined} the visitor store's */
  let applyVisitorData;
  /** @param {PageTransitionEvent} event */
  const onPageShow = (event) => {
    // Restored from the back/forward cache: the visitor's data is read again (its own chunk, on first need).
    if (!event.persisted) return;
    Promise.all([import('./restore/index.js'), getModel()]).then(([restore, app]) =>
      restore.pageRestored(event, {
        app,
        options,
        everyRow,
        registry: { loadPage, matchRoute },
        show: (p) => show?.(p),
        apply: (read) => applyVisitorData?.(read),
      }),
    );
  };

  /** What the page starts once hydration has committed, in a task after the commit (services.onCommit). */
  const startAfterCommit = () => {
    addEventListener('pageshow', onPageShow);
    const startNavigation = onFirstIntent(
      (link) => link.origin === location.origin && matchRoute(link.pathname) !== null,
      // The code of the page a link leads to is fetched beside navigation's, not after it.
      (trigger, link, latest) =>
        Promise.all([import('./nav/index.js'), getModel(), ...pagesLinkedFrom(link).map(loadPage)])
          .then(([nav, app]) =>
            nav.start(
              {
                model: app.model,
                strict: app.strict,
                options,
                everyRow,
                registry: { loadPage, matchRoute },
                show: (p) => show?.(p),
                initial,
                requestId: page.requestId,
              },
              // The last intent on a link while the code loaded, not only the first: a scroll may have started it.
              latest() ?? trigger,
            ),
          )
          // From here a click navigates with no code to fetch (a measurer's, and a test's, moment to click).
          .then(() => performance.mark(NAVIGATION_MARK)),
    );
    // Pitfall: Falcor built at start, or at idle, ran inside the window that decides TTI
    // (an idle callback hangs off the root in Lighthouse's simulation): built on the
    // visitor's first intent instead, a straight click still waits for neither.
    // A scroll or a wheel needs the rows near the viewport first (loadRow below): navigation then
    // waits for the next idle, instead of evaluating beside them (pitfall: a first scroll that
    // waited for code it did not need). A pointer, touch, key or focus may be a click: at once.
    firstIntent().then((type) =>
      type === 'scroll' || type === 'wheel' ? afterNearRows(startNavigation) : startNavigation(),
    );
    // Input that came before now waited until now; a click held on a link is replayed into navigation
    // (views/partials/early-input.hbs).
    /** @type {any} */ (window).__marqueeEarly?.ready?.();
  };
  /** @type {AppServices & { initialPage: () => Promise<ShownPage | null> }} */
  const services = {
    /** The page the server rendered, with its props read from the same cache. */
    async initialPage() {
      const route = matchRoute(location.pathname);
      if (!route) return null;
      const module = await loadPage(route.name);
      const props = module.props(cache, route.params, options);
      return (initial = { Component: module.Component, props, key: location.pathname });
    },
    onCommit() {
      onInteractive();
      // Pitfall: the app's start-up run inside React's commit made that commit a long task on a phone
      // (about 30 ms at 4x CPU on top of React's own, issue 46): the commit keeps the mark alone, the
      // rest runs in a task after it; input meanwhile is held and timed by the head's counter.
      setTimeout(startAfterCommit);
    },
    // The home page's rows below the fold; its module, not the model, knows their paths.
    // Pitfall: rows prefetched 700 px ahead right after hydration rendered (and laid out)
    // in the window that decides TTI; they wait for the visitor's first intent (a scroll).
    loadRow: async (index) => {
      // Loaded already: the home page's module rendered this placeholder. Through the registry, the one
      // place that knows the pages' modules.
      const { rowQuery, rowProps } = /** @type {Required<import('../shared/pages/registry.js').PageModule>} */ (
        await loadPage('home')
      );
      const paths = rowQuery(index);
      if (!appModel) prefetchRowAtIdle(paths);
      await firstIntent();
      // Pitfall: a first scroll's rows waited for Falcor's chunk to evaluate, build the model and
      // merge the answer before they rendered (a serial chain after the intent): until the model is
      // asked for, their data leaves at once and they render from its JSON Graph, read as the
      // server's cache is; the model, built at the idle after the scroll, gets it then.
      if (!appModel) {
        // A refused answer fails the row as the model's would (it says so, and retries), with one request.
        const sent = await fetchRowsEarly(paths);
        const row = sent && rowProps(sent.jsonGraph, index);
        // Once per answer (the rows of one request share it).
        if (sent && !sent.kept) {
          sent.kept = true;
          // Asked for while this answer was on its way (navigation at idle): it takes the answer when built.
          const asked = /** @type {Promise<import('./model.js').AppModel> | undefined} */ (appModel);
          if (asked) asked.then((app) => app.merge(sent));
          else early.push(sent);
        }
        if (row) return row;
      }
      const m = await getModel();
      return m.loadRow(paths, (rowCache) => rowProps(rowCache, index));
    },
    changeMyList: (id, on) => getModel().then((m) => m.changeMyList(id, on)),
    rate: (id, rating) => getModel().then((m) => m.rate(id, rating)),
    onVisitorDataRead(apply) {
      applyVisitorData = apply;
    },
    startNavigation(setPage) {
      show = setPage;
      return () => {
        show = undefined;
      };
    },
    pageShown(shown) {
      if (shown.title) document.title = shown.title;
      if (shown.scrollY !== undefined) window.scrollTo(0, shown.scrollY);
      // The cache's bound follows the page in view (client/model.js); a model not loaded yet has nothing to bound.
      appModel?.then((m) => m.pageShown(shown.key === '/'));
    },
  };
  return services;
}

/**
 * The pages `link` leads to, or, with none (on a first intent not on a link), every page this one links to:
 * a straight click then waits for no code.
 * @param {HTMLAnchorElement | null} link
 * @returns {string[]} their names in the registry
 */
function pagesLinkedFrom(link) {
  const links = link ? [link] : /** @type {HTMLAnchorElement[]} */ ([...document.querySelectorAll('a[href]')]);
  const names = new Set(links.map((a) => (a.origin === location.origin ? matchRoute(a.pathname)?.name : undefined)));
  return /** @type {string[]} */ ([...names].filter(Boolean));
}
