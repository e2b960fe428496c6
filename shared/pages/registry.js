// @ts-check
// Every page of the app, in one list both sides read: the server registers
// one handler per entry, the client's navigation matches links against it,
// and the beacon schema and metric labels take their route templates from it.
// A page's code is loaded through `load`: every page is a chunk of its own,
// preloaded by its server-rendered head and loaded before hydration on a
// direct visit, or on the first navigation to it (code splitting: code for
// pages not shown stays out of the first load). Adding a page:
// docs/adding-a-page.md.
import { GENRE_PAGE, GENRE_SLUG, TITLE_ID } from '../ids.js';

/**
 * @typedef {Record<string, string>} Params
 * @typedef {{ rows: number | 'all', prefetch?: boolean }} PageOptions rows: catalog rows read on the server
 *   (ATF_ROWS); prefetch: false when NAV_PREFETCH=off (the client fetches nothing on intent)
 * @typedef {import('../graph/types.js').PathSet} PathSet
 * @typedef {{ status: number, title: string, description: string }} PageHead
 *   status: 200, or 404 / 503 (answered before any byte is sent); title: the
 *   document's <title>; description: its meta description
 * @typedef {{
 *   Component: import('react').ComponentType<any>,
 *   query: (params: Params, options: PageOptions, head?: unknown) => PathSet[],
 *   props: (cache: unknown, params: Params, options: PageOptions) => object,
 *   head: (cache: unknown, params: Params, options: PageOptions) => PageHead,
 *   documentTitle: (props: any) => string,
 *   headQuery?: (params: Params, options: PageOptions) => PathSet[],
 *   queryWaitsForHead?: (options: PageOptions) => boolean,
 *   fromCache?: (cache: unknown, params: Params, options: PageOptions, previous?: any) => object | null,
 *   rowQuery?: (index: number) => PathSet[],
 *   rowProps?: (cache: unknown, index: number) => import('../graph/types.js').Row | null,
 * }} PageModule
 *   query: every path the page renders (head: the head query's answer);
 *   headQuery: what must be known before the head is flushed (what `head`
 *   reads); head (server): the head query's answer read once, into the
 *   status, the document title and the description;
 *   documentTitle (client navigation): the <title> for props shown;
 *   queryWaitsForHead: true when `query` reads the head's answer (else the
 *   server sends both at once: one round trip, not two);
 *   fromCache (client navigation): props to show at once from what the
 *   client's cache holds before the query has run (previous: the props this
 *   path was last shown with), or null to wait for the query;
 *   rowQuery, rowProps (a page with rows below the fold, placeholders the
 *   client fills as they near the viewport): one row's paths, and its props
 *   read from their answer.
 * @typedef {{ name: string, path: string, params?: Readonly<Partial<Record<string, RegExp>>>, load: () => Promise<PageModule> }} PageEntry
 *   name: the page (its module and its code chunk; a page with a second address has two entries of one name);
 *   path: an Express-style template (`/title/:id`); params: the shape of each
 *   `:param` (anything else is not this page: the 404 page answers)
 * @typedef {{ name: string, template: string, params: Params }} RouteMatch
 */

/** @type {readonly PageEntry[]} */
export const PAGES = Object.freeze([
  { name: 'home', path: '/', load: () => import('./home.js') },
  { name: 'title', path: '/title/:id', params: { id: TITLE_ID }, load: () => import('./title.js') },
  { name: 'genre', path: '/genre/:slug', params: { slug: GENRE_SLUG }, load: () => import('./genre.jsx') },
  // The genre's later films, 30 a page: the same page (`/genre/drama/2`).
  {
    name: 'genre',
    path: '/genre/:slug/:page',
    params: { slug: GENRE_SLUG, page: GENRE_PAGE },
    load: () => import('./genre.jsx'),
  },
]);

/** Route templates of every page, e.g. '/title/:id': the only labels pages report under. */
export const PAGE_TEMPLATES = Object.freeze(PAGES.map((page) => page.path));

const MATCHERS = PAGES.map((page) => ({ page, ...compile(page) }));

/**
 * @param {string} pathname e.g. "/title/heat-1995"
 * @returns {RouteMatch | null} null: not a page of this app (the browser asks the server)
 */
export function matchRoute(pathname) {
  for (const { page, pattern, keys } of MATCHERS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    /** @type {Params} */
    const params = {};
    keys.forEach((key, i) => (params[key] = match[i + 1]));
    return { name: page.name, template: page.path, params };
  }
  return null;
}

/**
 * A server page's params as Express matched them from its template
 * (`req.params`), if they are this page's: each fits its shape and they spell
 * the address exactly as asked (no trailing slash, same case, nothing
 * percent-encoded), so that the client's matchRoute finds the same page.
 * The one decision on a page address the server makes: Express's match,
 * checked here, never a second match over every page.
 * @param {PageEntry} entry
 * @param {string} pathname the address asked (`req.path`)
 * @param {Readonly<Record<string, unknown>>} params what Express matched (`req.params`)
 * @returns {Params | null} null: not this page (the 404 page answers)
 */
export function pageParams(entry, pathname, params) {
  const matcher = MATCHERS.find((candidate) => candidate.page === entry);
  if (!matcher) return null;
  /** @type {Params} */
  const fit = {};
  for (const key of matcher.keys) {
    const value = params[key];
    // The shape whole, as compile() puts it in the address's pattern.
    const shape = new RegExp(`^(?:${entry.params?.[key]?.source.replace(/^\^|\$$/g, '')})$`);
    if (typeof value !== 'string' || !shape.test(value)) return null;
    fit[key] = value;
  }
  const spelled = entry.path.replace(/:(\w+)/g, (_, key) => fit[key]);
  return spelled === pathname ? fit : null;
}

/**
 * @param {string} name a page name from matchRoute
 * @returns {Promise<PageModule>}
 */
export function loadPage(name) {
  // The first entry of that name: every entry of one name loads the same module.
  const page = PAGES.find((entry) => entry.name === name);
  return page ? page.load() : Promise.reject(new Error(`no page named ${name}`));
}

/**
 * `/title/:id` with `{ id: /^[a-z0-9-]{1,80}$/ }` → /^\/title\/([a-z0-9-]{1,80})$/
 * @param {PageEntry} page
 */
function compile({ path, params = {} }) {
  /** @type {string[]} */
  const keys = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const key = segment.slice(1);
      const shape = params[key];
      if (!shape) throw new Error(`page ${path}: no shape for :${key}`);
      keys.push(key);
      return `(${shape.source.replace(/^\^|\$$/g, '')})`;
    })
    .join('\\/');
  return { pattern: new RegExp(`^${source}$`), keys };
}
