// @ts-check
// A poster as WebP: shared/boxart.js's drawing rendered by sharp (libvips and
// librsvg, native code on libuv's thread pool, never on the event loop), at
// the card's size or its 2x. Why WebP, sharp and on first request: ADR 013.
import { boxartSvg, BOXART_HEIGHT, BOXART_WIDTH } from '../../shared/boxart.js';

/**
 * Quality 75 and effort 4 (sharp's defaults, spelled out): 0.7 KB at 160 px,
 * 1.4 KB at 320. Effort 6 saved 2% for more CPU; AVIF was larger at 1x and
 * ten times slower to encode. Changing these changes every poster: bump
 * POSTER_VERSION (shared/poster.js) with them.
 */
export const WEBP_OPTIONS = Object.freeze({ quality: 75, effort: 4 });

/** @type {Promise<import('sharp').SharpConstructor> | undefined} */
let loading;

/**
 * sharp is imported on the first poster, not at start. Pitfall: loading it
 * (and libvips) took 0.8 s here, cold, on every start, for a page that may
 * never need a poster rendered (they are on disk already, or on a CDN).
 */
function loadSharp() {
  return (loading ??= import('sharp').then((module) => module.default));
}

/**
 * @param {string} id a title id (the drawing depends on nothing else)
 * @param {number} width pixels; the height follows at 2:3
 * @returns {Promise<Buffer>} a WebP file
 */
export async function rasterizePoster(id, width) {
  const sharp = await loadSharp();
  const height = Math.round((width * BOXART_HEIGHT) / BOXART_WIDTH);
  // Rendered at the target size (density), not drawn small and scaled up: sharp edges at 2x.
  return sharp(Buffer.from(boxartSvg(id)), { density: (72 * width) / BOXART_WIDTH })
    .resize(width, height)
    .webp(WEBP_OPTIONS)
    .toBuffer();
}
