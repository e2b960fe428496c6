// @ts-check
// The details a card reveals with its info button. Its box is on both sides
// and hidden until asked for, so opening it moves nothing (it overlays the
// poster) and the button's aria-controls always names an element.
import { memo } from 'react';
import { CARD_FORMAT } from './card-format.js';

/** @typedef {import('../graph/types.js').Title} Title */

/**
 * @param {{ id: string, title: Title, open: boolean }} props
 */
function TitleDetailsView({ id, title, open }) {
  // Pitfall: every card's hidden details in the server's HTML: 2 elements and
  // about 110 bytes a card nobody sees until a click, which has the title's
  // props at hand on the client. The box alone until then.
  if (!open) return <div id={id} className="card__details" hidden />;
  const facts = [title.genre, title.runtime != null ? CARD_FORMAT.runtime(title.runtime) : null, title.mpaa]
    .filter((fact) => fact != null && fact !== '')
    .join(' · ');
  return (
    <div id={id} className="card__details">
      {facts ? <p className="card__facts">{facts}</p> : null}
      {title.director ? <p className="card__director">{`Directed by ${title.director}`}</p> : null}
    </div>
  );
}

/** The title keys the details need, next to the component that shows them. */
export const TitleDetails = Object.assign(memo(TitleDetailsView), {
  paths: Object.freeze(['genre', 'director', 'runtime', 'mpaa']),
});
