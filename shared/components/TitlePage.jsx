// @ts-check
// The title page: the film's details and controls, then "more like this"
// rows in the same row/card markup as the home page (so keyboard navigation
// works the same), or a not-found message when the catalog has no such title.
import { Masthead } from './Masthead.jsx';
import { NotFound } from './NotFound.jsx';
import { TitleFacts } from './TitleFacts.jsx';
import { TitleRow } from './TitleRow.jsx';

/** @typedef {import('../pages/title.js').TitleProps} TitleProps */

/** "More like this" rows the page shows (the server answers at most this many). */
export const SIMILAR_ROWS = 2;

/**
 * @param {TitleProps} props
 */
export function TitlePage({ title, rows, genreHref, state }) {
  // Shown from the cache on a client navigation: the rows still to come keep
  // their place at a loaded row's height (no layout shift), or one says they failed.
  const short = Math.max(0, SIMILAR_ROWS - rows.length);
  const missing = state === 'loading' ? short : state === 'failed' ? Math.min(1, short) : 0;
  return (
    <div className="title-page">
      <Masthead home={false} />
      <main className="title-main">
        {title ? (
          <>
            <TitleFacts title={title} genreHref={genreHref} state={state} />
            <div className="rows">
              {rows.map((row) => (
                <TitleRow key={row.id} row={row} />
              ))}
              {Array.from({ length: missing }, (_, k) => (
                <section
                  key={`pending-${k}`}
                  className="row row--placeholder"
                  data-row-state={state === 'failed' ? 'failed' : 'placeholder'}
                  aria-busy={state === 'loading'}
                >
                  <div className="row__name row__name--placeholder" />
                  {state === 'failed' ? (
                    <p className="row__failed" role="status">
                      More like this could not be loaded. Please try again later.
                    </p>
                  ) : (
                    <div className="row__cards row__cards--placeholder" />
                  )}
                </section>
              ))}
            </div>
          </>
        ) : (
          <NotFound what="Title" noun="film" />
        )}
      </main>
    </div>
  );
}
