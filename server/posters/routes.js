// @ts-check
// GET /art/:file: the app's own posters, drawn from the title id alone.
//   /art/<id>.160w.v1.webp, /art/<id>.320w.v1.webp   what the pages use (shared/poster.js)
//   /art/<id>.svg                                     the drawing itself (the catalog's `boxart`)
// Pitfall: Chromium parses every SVG image as a document of its own on the
// main thread (46 of them, 5-76 ms each, on one home page load): a click
// waited up to half a second behind them. WebP decodes off the main thread.
import path from 'node:path';
import { boxartSvg } from '../../shared/boxart.js';
import { TITLE_ID } from '../../shared/ids.js';
import { POSTER_VERSION, POSTER_WIDTHS } from '../../shared/poster.js';
import { ROOT } from '../paths.js';
import { createDiskCache } from './disk-cache.js';
import { rasterizePoster } from './rasterize.js';

/** Rendered posters (git-ignored; `npm run build` leaves it alone). */
export const POSTER_DIR = path.join(ROOT, 'dist/posters');

/**
 * 3,200 titles at two widths, twice over: about 14,000 files of 0.7-1.5 KB
 * (20 MB at most). Ids are not checked against the catalog, so the bound is
 * what keeps made-up ids from filling the disk.
 */
export const MAX_POSTER_FILES = 14_000;

// Title ids (shared/ids.js TITLE_ID, its anchors off) with a known suffix; anything else is a 404.
const ID = TITLE_ID.source.replace(/^\^|\$$/g, '');
const SVG = new RegExp(`^(${ID})\\.svg$`);
const WEBP = new RegExp(`^(${ID})\\.(${POSTER_WIDTHS.join('|')})w\\.${POSTER_VERSION}\\.webp$`);

/**
 * Registers GET /art/:file. Which template the pages use (these, or
 * POSTER_URL_TEMPLATE's) is their render settings' (server/render/render-settings.js).
 * @param {ReturnType<typeof import('../route-table.js').createRouteTable>} routes
 * @param {{ dir?: string, maxFiles?: number }} [options] tests: a directory of their own
 */
export function mountPosters(routes, { dir = POSTER_DIR, maxFiles = MAX_POSTER_FILES } = {}) {
  const cache = createDiskCache({ dir, maxFiles });
  routes.add('get', '/art/:file', async (req, res, next) => {
    const file = String(req.params.file);
    const svg = SVG.exec(file);
    if (svg) {
      // The drawing depends only on the id: browsers may keep it for a day.
      res.set('Cache-Control', 'public, max-age=86400');
      res.type('image/svg+xml').send(boxartSvg(svg[1]));
      return;
    }
    const webp = WEBP.exec(file);
    if (!webp) return next();
    const [, id, width] = webp;
    let bytes;
    try {
      bytes = await cache.get(file, () => rasterizePoster(id, Number(width)));
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException | undefined} */ (error)?.code !== 'busy') throw error;
      // A flood of first renders: ask again shortly rather than queue for ever.
      res.set('Retry-After', '1').sendStatus(503);
      return;
    }
    // The version is in the URL: the bytes at it never change.
    res.set('Cache-Control', 'public, max-age=31536000, immutable');
    // Not compressed (the compressor skips image/webp, rightly: WebP is compressed already).
    res.type('image/webp').send(bytes);
  });
  return cache;
}
