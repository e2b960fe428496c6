// @ts-check
// The page's React-only floor (perf:tti --react-floor): the same HTML, served
// by a proxy in front of the page, with its module scripts and module preloads
// swapped for a bundle that only hydrates (entry.jsx). Preloads of images, the
// data island, styles and markup stay the page's own, and the swapped tags keep
// their attributes (fetch priority, nonce) and places: the difference between
// the page and this floor is what Marquee runs beyond React's hydration.
import { matchRoute } from '../../../../shared/pages/registry.js';
import { startRewritingProxy } from '../rewriting-proxy.js';
import { buildReactFloor } from './build.js';

export const REACT_FLOOR_PREFIX = '/__react-floor/';
const MODULE_PRELOAD = /<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>\n?/gi;
const MODULE_SCRIPT = /<script\b([^>]*)\btype=["']?module["']?([^>]*)>[\s\S]*?<\/script>/i;

/**
 * @param {string} html the page's
 * @param {string} pathname the page's path, which says which page chunk it preloads
 * @param {Pick<import('./build.js').ReactFloorBuild, 'entry' | 'preload' | 'pages'>} build
 * @returns {string} the page with the React-only floor's scripts in place of its own
 * @throws when the page has no module script or module preload to swap (then it is not a Marquee page)
 */
export function reactFloorHtml(html, pathname, build) {
  const firstPreload = html.match(MODULE_PRELOAD)?.[0];
  const script = html.match(MODULE_SCRIPT);
  if (!firstPreload || !script) throw new Error(`${pathname}: no module script and preload to swap`);
  const page = matchRoute(pathname)?.name;
  const files = [build.entry, ...build.preload, ...(page ? (build.pages[page] ?? []) : [])];
  const preloadTag = (/** @type {string} */ file) =>
    firstPreload.replace(/\bhref=(["']?)[^"'\s>]+\1/, `href="${REACT_FLOOR_PREFIX}${file}"`);
  let first = true;
  const withPreloads = html.replace(MODULE_PRELOAD, () => {
    if (!first) return '';
    first = false;
    return files.map(preloadTag).join('');
  });
  const entryTag = script[0].replace(/\bsrc=(["']?)[^"'\s>]+\1/, `src="${REACT_FLOOR_PREFIX}${build.entry}"`);
  return withPreloads.replace(MODULE_SCRIPT, () => entryTag);
}

/**
 * Builds the React-only floor and serves it in front of the page.
 * @param {string} target origin of the page, e.g. http://127.0.0.1:3000
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>} url: the proxy's origin
 */
export async function startReactFloorProxy(target) {
  const build = await buildReactFloor();
  const proxy = await startRewritingProxy(target, {
    rewriteHtml: (html, pathname) => reactFloorHtml(html, pathname, build),
    files: { prefix: REACT_FLOOR_PREFIX, dir: build.dir },
  });
  return {
    url: proxy.url,
    stop: async () => {
      await proxy.stop();
      build.remove();
    },
  };
}
