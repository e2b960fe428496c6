// @ts-check
// One row of the catalog: a heading and a horizontally scrolling list of cards.
import { memo, useRef } from 'react';
import { TitleCard } from './TitleCard.jsx';
import { FIRST_POSTERS, shownFrom, usePosterReach } from './poster-reach.js';

/** @typedef {import('../graph/types.js').Row} Row */
/** @typedef {import('./Poster.jsx').ImagePriority} ImagePriority */

/**
 * One high-priority poster per page: the first card of the first catalog row
 * (index 0), in the first viewport whether or not a "My List" row (index -1,
 * eager too) sits above it. Pitfall: several "high" images (four, before
 * issue 20) share the first round trips, so none of them comes first.
 * @param {boolean} eager the row is in the first viewport
 * @param {number} rowIndex
 * @param {number} position of the card in its row
 * @returns {ImagePriority}
 */
function imagePriority(eager, rowIndex, position) {
  if (!eager) return 'lazy';
  return rowIndex === 0 && position === 0 ? 'high' : 'eager';
}

/**
 * @param {{ row: Row, eager?: boolean, postersFirst?: number }} props
 *   postersFirst: cards with their poster before the row's observer runs;
 *   a row the client renders later (a placeholder filled in) has none
 */
function TitleRowView({ row, eager = false, postersFirst = FIRST_POSTERS }) {
  const headingId = `row-${row.index}-name`;
  const ref = useRef(/** @type {HTMLElement | null} */ (null));
  const reach = usePosterReach(ref, row.titles, postersFirst);
  return (
    <section ref={ref} className="row" data-row-index={row.index} data-row-state="loaded" aria-labelledby={headingId}>
      <h2 className="row__name" id={headingId}>
        {row.href ? (
          <a className="row__link" href={row.href}>
            {row.name}
          </a>
        ) : (
          row.name
        )}
      </h2>
      <ul className="row__cards">
        {row.titles.map((title, position) => (
          <TitleCard
            key={title.id}
            title={title}
            image={imagePriority(eager, row.index, position)}
            later={position >= reach}
            shownFrom={postersFirst > 0 && position >= postersFirst ? shownFrom(position) : undefined}
          />
        ))}
      </ul>
    </section>
  );
}

/** `paths`: the keys read on the row itself (`lists[i]`). */
export const TitleRow = Object.assign(memo(TitleRowView), {
  paths: Object.freeze(['id', 'name', 'length']),
});
