// @ts-check
// The title page's main block: poster, name, facts, director, tagline, and
// the visitor's controls (my-list toggle, rating).
import { MyListButton } from './MyListButton.jsx';
import { RatingControl } from './RatingControl.jsx';
import { Poster } from './Poster.jsx';

/** @typedef {import('../pages/title.js').TitleDetailsProps} TitleDetailsProps */

/**
 * @param {{ title: TitleDetailsProps, genreHref?: string | null, state?: 'loading' | 'failed' }} props
 *   genreHref: the genre's page, when the catalog has one; state: shown from
 *   the client's cache while the rest loads, or after part of it failed
 */
function TitleFactsView({ title, genreHref = null, state }) {
  const facts = [
    title.year,
    typeof title.rating === 'number' ? `★ ${title.rating.toFixed(1)} IMDb` : null,
    title.runtime != null ? `${title.runtime} min` : null,
    title.mpaa,
    genreHref ? null : title.genre,
  ]
    .filter((fact) => fact != null && fact !== '')
    .join(' · ');
  const genre = genreHref ? (
    <>
      {facts ? ' · ' : ''}
      <a className="title__genre" href={genreHref}>
        {title.genre}
      </a>
    </>
  ) : null;
  return (
    <article className="title" data-title-id={title.id}>
      {/* The LCP element of this page: its one high-priority image. */}
      <Poster id={title.id} image="high" className="title__art" />
      <div className="title__body">
        <h1 className="title__name">{title.name}</h1>
        <p className="title__facts">
          {facts}
          {genre}
        </p>
        {title.director ? <p className="title__director">{`Directed by ${title.director}`}</p> : null}
        {/* Always there, at a fixed height: a tagline arriving later moves nothing (CLS). */}
        <p className="title__tagline" aria-busy={state === 'loading' && !title.tagline ? true : undefined}>
          {title.tagline ?? (state === 'failed' ? 'Some details could not be loaded. Please try again later.' : '')}
        </p>
        <div className="title__actions" aria-busy={state === 'loading' ? true : undefined}>
          <MyListButton title={title} variant="page" />
          <RatingControl title={title} />
        </div>
      </div>
    </article>
  );
}

/** `paths`: every title key the block and its controls read. */
export const TitleFacts = Object.assign(TitleFactsView, {
  paths: Object.freeze([
    ...['name', 'year', 'rating', 'genre', 'director', 'runtime', 'mpaa', 'tagline'],
    ...MyListButton.paths,
    ...RatingControl.paths,
  ]),
});
