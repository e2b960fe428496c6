// @ts-check
// A title's poster, as every card and the title page render it: a fixed size,
// a srcset, a tint until it loads, and the loading habits of a fast site:
// a card far along its row waits for it to scroll near (shared/components/poster-reach.js).
import { posterImage } from '../poster.js';
import { useRenderSettings } from './RenderSettings.js';

/** @typedef {'high' | 'eager' | 'lazy'} ImagePriority */

/** Poster size in CSS pixels (2:3, like the drawing): width and height on the img, so no layout shift. */
export const POSTER_WIDTH = 160;
export const POSTER_HEIGHT = 240;

/**
 * Decorative (alt=""): the title's name is printed right beside it. The tint
 * is a class, not a style attribute: the page's CSP refuses those.
 * @param {{ id: string, image: ImagePriority, className: string, later?: boolean, shownFrom?: number }} props
 *   image: 'high' for the page's likely LCP poster, one per page (pitfall:
 *   a lazy or low-priority hero image delays LCP, and several "high" ones
 *   share the first round trips); 'eager' for the rest of the first
 *   viewport; 'lazy' below the fold (pitfall: eager ones there compete with
 *   what is seen). later: not near its row's visible area yet: the tint
 *   alone, no request, and the real image for pages without JavaScript.
 *   shownFrom: the viewport width from which the card is in the first
 *   viewport: its poster loads there from the markup, before hydration
 */
export function Poster({ id, image, className, later = false, shownFrom }) {
  const poster = posterImage(id, useRenderSettings().posterTemplate);
  const img = (/** @type {boolean} */ placeholder) => (
    <img
      className={`${className} ${poster.tint}${placeholder ? ` ${className}--later` : ''}`}
      src={placeholder ? undefined : poster.src}
      srcSet={placeholder ? undefined : poster.srcSet}
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
  // Pitfall: native lazy loading fetched every card within about 600 px of
  // its row's visible area, rows 0 to 4 down (29 posters on a phone showing
  // 6): a card not near yet has no src, only its tint. The
  // noscript copy is the page without JavaScript (views/page.hbs hides the
  // placeholder there); React never hydrates noscript content.
  // Pitfall: a laptop's first viewport left waiting for hydration: a
  // source for wide enough viewports only, kept once revealed (the same
  // element, no second request).
  const shown = shownFrom ? (
    <picture className={`${className}-frame`}>
      <source media={`(min-width: ${shownFrom}px)`} srcSet={`${poster.src}, ${poster.srcSet}`} />
      {img(later)}
    </picture>
  ) : (
    img(later)
  );
  return (
    <>
      {shown}
      {later && <noscript>{img(false)}</noscript>}
    </>
  );
}
