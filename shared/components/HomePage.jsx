// @ts-check
// The catalog home page: a masthead, the visitor's "My list" row when it has
// titles, and one section per row. Rows the server fetched are rendered; the
// others are placeholders that load themselves.
import { useDeferredValue } from 'react';
import { Masthead } from './Masthead.jsx';
import { TitleRow } from './TitleRow.jsx';
import { RowPlaceholder } from './RowPlaceholder.jsx';
import { useVisitor } from './Visitor.js';

/** @typedef {import('../graph/types.js').Row} Row */

/**
 * @param {{ rowCount?: number, rows: (Row | null)[], myList?: Row | null }} props
 */
export function HomePage({ rows, myList = null }) {
  return (
    <div className="home">
      <Masthead home />
      <main className="rows">
        <MyListRow row={myList} />
        {rows.map((row, index) =>
          row ? <TitleRow key={index} row={row} eager={index === 0} /> : <RowPlaceholder key={index} index={index} />,
        )}
      </main>
    </div>
  );
}

/**
 * The visitor's "My list" row, with this page's changes: its own component,
 * so a change re-renders this row and not the page's other rows. It is above
 * what the visitor clicked: the pressed button paints first, the row follows
 * in a later render (pitfall: a click's paint waiting for the layout of the
 * whole page above it).
 * @param {{ row: Row | null }} props the server's row
 */
function MyListRow({ row }) {
  const shown = useDeferredValue(useVisitor((store) => store.myListRow(row))[0]);
  return shown ? <TitleRow row={shown} eager /> : null;
}
