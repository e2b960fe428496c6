// @ts-check
// One row of the catalog: a heading and a horizontally scrolling list of cards.
import { memo } from 'react';
import { TitleCard } from './TitleCard.jsx';

/** @typedef {import('../graph/types.js').Row} Row */
/** @typedef {import('./TitleCard.jsx').ImagePriority} ImagePriority */

/** Cards of the first row whose posters get fetchpriority="high" (in view on a laptop). */
export const HIGH_PRIORITY_CARDS = 4;

/**
 * @param {boolean} eager the first row, in view at load
 * @param {number} position of the card in its row
 * @returns {ImagePriority}
 */
function imagePriority(eager, position) {
  if (!eager) return 'lazy';
  return position < HIGH_PRIORITY_CARDS ? 'high' : 'eager';
}

/**
 * @param {{ row: Row, eager?: boolean }} props
 */
function TitleRowView({ row, eager = false }) {
  const headingId = `row-${row.index}-name`;
  return (
    <section className="row" data-row-index={row.index} data-row-state="loaded" aria-labelledby={headingId}>
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
          <TitleCard key={title.id} title={title} image={imagePriority(eager, position)} />
        ))}
      </ul>
    </section>
  );
}

/** `paths`: the keys read on the row itself (`lists[i]`). */
export const TitleRow = Object.assign(memo(TitleRowView), {
  paths: Object.freeze(['id', 'name', 'length']),
});
