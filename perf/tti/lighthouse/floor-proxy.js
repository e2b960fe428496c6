// @ts-check
// The page's floor: the same HTML with every <script> and every preload taken
// out, served by a small proxy in front of the page. First paint of the floor
// is what the HTML alone allows; `perf:tti --lighthouse --floor` sets the page
// beside it. Everything else (CSS inline, images, the server's timing) is the
// page's own, so the difference is what the JavaScript costs first paint.
import { startRewritingProxy } from './rewriting-proxy.js';

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;
const PRELOAD = /<link\b[^>]*\brel=["']?(?:modulepreload|preload)["']?[^>]*>/gi;

/**
 * @param {string} html
 * @returns {string} the HTML without scripts (JSON data islands included: nothing reads them) and preloads
 */
export function stripScripts(html) {
  return html.replace(SCRIPT, '').replace(PRELOAD, '');
}

/**
 * @param {string} target origin of the page, e.g. http://127.0.0.1:3000
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>} url: the proxy's origin
 */
export function startFloorProxy(target) {
  return startRewritingProxy(target, { rewriteHtml: stripScripts });
}
