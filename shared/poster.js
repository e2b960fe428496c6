// @ts-check
// Where a title's poster comes from: a URL template with {id} and {width}
// (the app's own WebP posters, or a starter's image CDN: POSTER_URL_TEMPLATE),
// its 1x and 2x (src and a srcset), and a placeholder tint from the drawing's own hash.
// Both sides render from the id alone, so the first renders match.
import { hashString } from './boxart.js';

/**
 * The drawing and its encoding, in every URL of the app's own posters: they
 * are cached for a year, so a change of either needs a new version
 * (test/server/posters/posters.test.js pins a fingerprint of both).
 */
export const POSTER_VERSION = 'v1';

/** The app's own posters (server/posters/): WebP of shared/boxart.js's drawing. */
export const DEFAULT_POSTER_TEMPLATE = `/art/{id}.{width}w.${POSTER_VERSION}.webp`;

/** The card's CSS width and its 2x (a phone, a retina laptop): the srcset's two candidates. */
export const POSTER_WIDTHS = [160, 320];

/**
 * @param {string} id a title id
 * @param {string | null} [template] with {id} and {width}, from the page's
 *   render settings (shared/components/RenderSettings.js); empty: the app's
 *   own posters
 * @returns {{ src: string, srcSet: string, tint: string }} srcSet: the 2x candidate (src is the
 *   1x); tint: a class of
 *   views/partials/critical-css.hbs, one per 30° of the drawing's hue
 */
export function posterImage(id, template) {
  const url = compiled(template || DEFAULT_POSTER_TEMPLATE);
  const src = url(id, 160);
  return {
    src,
    // Density descriptors: the card is 160 CSS px wide at every viewport, so
    // the 2x file is all a srcset needs beside src (no `sizes`, the 160w URL
    // once). Pitfall: width descriptors wrote each URL again and `sizes` on
    // every poster, about 70 bytes a card on every server page.
    srcSet: `${url(id, 320)} 2x`,
    tint: `tint-${Math.round((hashString(id) % 360) / 30) % 12}`,
  };
}

/** @typedef {(id: string, width: number) => string} PosterUrl */

// Pitfall: every card searched the template four times over ({id} and {width}, in src and
// srcset), 1% of the 270-card page's CPU (docs/server-cost.md): a template is split once,
// and each URL joined from its parts. A process has one or two templates (its config's, the
// default); the bound only keeps a caller with many from growing this.
const MAX_TEMPLATES = 8;
/** @type {Map<string, PosterUrl>} */
const templates = new Map();

/**
 * @param {string} template
 * @returns {PosterUrl}
 */
function compiled(template) {
  let url = templates.get(template);
  if (url) return url;
  const parts = template.split(/(\{id\}|\{width\})/);
  // Ids are slugs (shared/ids.js TITLE_ID): nothing in them to escape.
  url = (id, width) => {
    let out = '';
    for (const part of parts) out += part === '{id}' ? id : part === '{width}' ? String(width) : part;
    return out;
  };
  if (templates.size >= MAX_TEMPLATES) templates.clear();
  templates.set(template, url);
  return url;
}
