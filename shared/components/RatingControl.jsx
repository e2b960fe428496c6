// @ts-check
// The visitor's 1–5 rating of a title: five toggle buttons; pressing the
// current rating again clears it. Saved with a Falcor set on userRating.
import { useVisitor } from './Visitor.js';

/** @typedef {import('./Visitor.js').RatedTitle} RatedTitle */

// Built once, not per render (constant elements).
const STARS = Object.freeze([1, 2, 3, 4, 5]);

/**
 * @param {{ title: RatedTitle }} props
 */
function RatingControlView({ title }) {
  const [rating, visitor] = useVisitor((store) => store.ratingOf(title));
  return (
    <div className="rating" role="group" aria-label="Your rating" data-rating={rating ?? ''}>
      {STARS.map((n) => (
        <button
          key={n}
          type="button"
          className="rating__star"
          aria-pressed={rating === n}
          aria-label={n === 1 ? '1 star' : `${n} stars`}
          data-on={rating !== null && n <= rating ? '' : undefined}
          onClick={() => visitor.rate(title, n)}
        >
          ★
        </button>
      ))}
    </div>
  );
}

/** `paths`: the title key the control reads (per visitor). */
export const RatingControl = Object.assign(RatingControlView, { paths: Object.freeze(['userRating']) });
