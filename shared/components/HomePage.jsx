// @ts-check
// The catalog home page: a masthead, the visitor's "My list" row when it has
// titles, and one section per row. Rows the server fetched are rendered; the
// others are placeholders that load themselves.
import { useContext } from 'react';
import { Masthead } from './Masthead.jsx';
import { TitleRow } from './TitleRow.jsx';
import { RowPlaceholder } from './RowPlaceholder.jsx';
import { Visitor } from './Visitor.js';

/** @typedef {import('../graph/types.js').Row} Row */

/**
 * @param {{ rowCount?: number, rows: (Row | null)[], myList?: Row | null }} props
 */
export function HomePage({ rows, myList = null }) {
  const myListRow = useContext(Visitor).myListRow(myList);
  return (
    <div className="home">
      <Masthead home />
      <main className="rows">
        {myListRow ? <TitleRow key="my-list" row={myListRow} eager /> : null}
        {rows.map((row, index) =>
          row ? <TitleRow key={index} row={row} eager={index === 0} /> : <RowPlaceholder key={index} index={index} />,
        )}
      </main>
    </div>
  );
}
