// @ts-check
// The title page: the film's details and controls, then "more like this"
// rows in the same row/card markup as the home page (so keyboard navigation
// works the same), or a not-found message when the catalog has no such title.
import { Masthead } from './Masthead.jsx';
import { TitleFacts } from './TitleFacts.jsx';
import { TitleRow } from './TitleRow.jsx';

/** @typedef {import('../pages/title.js').TitleProps} TitleProps */

/**
 * @param {TitleProps} props
 */
export function TitlePage({ title, rows, genreHref }) {
  return (
    <div className="title-page">
      <Masthead home={false} />
      <main className="title-main">
        {title ? (
          <>
            <TitleFacts title={title} genreHref={genreHref} />
            <div className="rows">
              {rows.map((row) => (
                <TitleRow key={row.id} row={row} />
              ))}
            </div>
          </>
        ) : (
          <section className="not-found">
            <h1>Title not found</h1>
            <p>There is no film at this address.</p>
            <p>
              <a href="/">Back to the catalog</a>
            </p>
          </section>
        )}
      </main>
    </div>
  );
}
