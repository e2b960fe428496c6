// @ts-check
// The pages both sides know: which path is which page, and the page module
// (component, query, props) behind it. The home page ships in the client's
// entry; the title page's code is a lazy chunk, loaded on a direct visit
// before hydration or on the first navigation to a title (code splitting:
// code for pages not shown stays out of the first load).
import * as homePage from './pages/home-page.js';

/**
 * @typedef {{ rows?: number }} PageOptions rows: catalog rows to read (home)
 * @typedef {Record<string, string>} Params
 * @typedef {{
 *   Component: import('react').ComponentType<any>,
 *   query: (params: Params, options: PageOptions) => import('./pages/home.js').PathSet[],
 *   props: (cache: unknown, params: Params, options: PageOptions) => object,
 *   documentTitle: (props: any) => string,
 * }} PageModule
 * @typedef {{ name: string, template: string, params: Params }} RouteMatch
 */

/** A title id as the catalog makes them (docs/contracts.md). */
export const TITLE_ID = /^[a-z0-9-]{1,80}$/;

const ROUTES = Object.freeze([
  { name: 'home', template: '/', pattern: /^\/$/, keys: [] },
  { name: 'title', template: '/title/:id', pattern: /^\/title\/([a-z0-9-]{1,80})$/, keys: ['id'] },
]);

/** @type {Readonly<Record<string, () => Promise<PageModule>>>} */
const PAGES = Object.freeze({
  home: async () => homePage,
  title: () => import('./pages/title-page.js'),
});

/**
 * @param {string} pathname e.g. "/title/heat-1995"
 * @returns {RouteMatch | null} null: not a page of this app (the browser asks the server)
 */
export function matchRoute(pathname) {
  for (const route of ROUTES) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    /** @type {Params} */
    const params = {};
    route.keys.forEach((key, i) => (params[key] = match[i + 1]));
    return { name: route.name, template: route.template, params };
  }
  return null;
}

/**
 * @param {string} name a route name from matchRoute
 * @returns {Promise<PageModule>}
 */
export function loadPage(name) {
  const load = PAGES[name];
  if (!load) return Promise.reject(new Error(`no page named ${name}`));
  return load();
}
