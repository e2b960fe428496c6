// @ts-check
// A title's poster, as every card and the title page render it: a fixed size,
// a srcset, a tint until it loads, and the loading habits of a fast site.
import { posterImage } from '../poster.js';
import { useRenderSettings } from './RenderSettings.js';

/** @typedef {'high' | 'eager' | 'lazy'} ImagePriority */

/** Poster size in CSS pixels (2:3, like the drawing): width and height on the img, so no layout shift. */
export const POSTER_WIDTH = 160;
export const POSTER_HEIGHT = 240;

/**
 * Decorative (alt=""): the title's name is printed right beside it. The tint
 * is a class, not a style attribute: the page's CSP refuses those.
 * @param {{ id: string, image: ImagePriority, className: string }} props
 *   image: 'high' for the page's likely LCP poster, one per page (pitfall:
 *   a lazy or low-priority hero image delays LCP, and several "high" ones
 *   share the first round trips); 'eager' for the rest of the first
 *   viewport; 'lazy' below the fold (pitfall: eager ones there compete with
 *   what is seen)
 */
export function Poster({ id, image, className }) {
  const poster = posterImage(id, useRenderSettings().posterTemplate);
  return (
    <img
      className={`${className} ${poster.tint}`}
      src={poster.src}
      srcSet={poster.srcSet}
      sizes="160px"
      width={POSTER_WIDTH}
      height={POSTER_HEIGHT}
      alt=""
      // Fetched only near the viewport (loading="eager" is the default).
      loading={image === 'lazy' ? 'lazy' : undefined}
      fetchPriority={image === 'high' ? 'high' : undefined}
      // The decode never holds up the frame that paints the page's text.
      decoding="async"
    />
  );
}
