// @ts-check
// The catalog home page: a masthead and one section per row. Rows the server
// fetched are rendered; the others are placeholders that load themselves.
import { TitleRow } from './TitleRow.jsx';
import { RowPlaceholder } from './RowPlaceholder.jsx';

/** @typedef {import('../pages/home.js').Row} Row */

// A constant element is created once, not on every render (constant elements).
const MASTHEAD = (
  <header className="masthead">
    <h1 className="masthead__brand">Marquee</h1>
  </header>
);

/**
 * @param {{ rowCount?: number, rows: (Row | null)[] }} props
 */
export function HomePage({ rows }) {
  return (
    <div className="home">
      {MASTHEAD}
      <main className="rows">
        {rows.map((row, index) =>
          row ? <TitleRow key={index} row={row} eager={index === 0} /> : <RowPlaceholder key={index} index={index} />,
        )}
      </main>
    </div>
  );
}
