// @ts-check
// One film: poster, name, year and rating, a link to its page (the card's
// focusable element: keyboard navigation and client navigation rely on it),
// an info toggle and a my-list toggle.
import { memo, useCallback, useId, useState } from 'react';
import { TitleDetails } from './TitleDetails.jsx';
import { MyListButton } from './MyListButton.jsx';
import { Poster } from './Poster.jsx';
import { CARD_FORMAT } from './card-format.js';

/** @typedef {import('../graph/types.js').Title} Title */
/** @typedef {import('./Poster.jsx').ImagePriority} ImagePriority */

/**
 * Pitfall: props spread through stacks of components (Netflix TV UI, 2017): one
 * grouped `title`, no pass-through layers, static styles as CSS classes
 * (perf/exercises/09-props-through-stacks).
 * @param {{ title: Title, image: ImagePriority, later?: boolean, shownFrom?: number }} props later,
 *   shownFrom: when the poster loads (Poster.jsx)
 */
function TitleCardView({ title, image, later = false, shownFrom }) {
  const [open, setOpen] = useState(false);
  // Stable across renders, so memoized children see the same handler.
  const toggle = useCallback(() => setOpen((was) => !was), []);
  // Same id on server and client: useId is derived from the tree position.
  const detailsId = useId();
  const rating = typeof title.rating === 'number' ? `★ ${CARD_FORMAT.rating(title.rating)}` : null;
  // One string, one text node: nothing for hydration to split differently.
  const meta = [title.year, rating].filter((part) => part != null).join(' · ');
  return (
    <li className="card" data-title-id={title.id}>
      <a className="card__link" href={`/title/${encodeURIComponent(title.id)}`}>
        <Poster id={title.id} image={image} later={later} shownFrom={shownFrom} className="card__art" />
        <span className="card__name">{title.name}</span>
        <span className="card__meta">{meta}</span>
      </a>
      <button
        type="button"
        className="card__info"
        aria-pressed={open}
        aria-controls={detailsId}
        aria-label={`Details: ${title.name}`}
        onClick={toggle}
      >
        i
      </button>
      <MyListButton title={title} variant="card" />
      <TitleDetails id={detailsId} title={title} open={open} />
    </li>
  );
}

/**
 * memo: a row re-rendering (e.g. its placeholder filling in) leaves its cards alone.
 * `paths`: the title keys the card and what it renders read, next to the component.
 */
export const TitleCard = Object.assign(memo(TitleCardView), {
  paths: Object.freeze([
    // No 'boxart': the poster comes from the id (shared/poster.js).
    ...new Set(['name', 'year', 'rating', ...MyListButton.paths, ...TitleDetails.paths]),
  ]),
});
