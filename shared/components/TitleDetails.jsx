// @ts-check
// The details a card reveals with its info button. Rendered on both sides and
// hidden until asked for, so opening it moves nothing (it overlays the poster).
import { memo } from 'react';
import { useRenderSettings } from './RenderSettings.js';

/** @typedef {import('../graph/types.js').Title} Title */

/**
 * @param {{ id: string, title: Title, open: boolean }} props
 */
function TitleDetailsView({ id, title, open }) {
  const { cardFormat } = useRenderSettings();
  const facts = [title.genre, title.runtime != null ? cardFormat.runtime(title.runtime) : null, title.mpaa]
    .filter((fact) => fact != null && fact !== '')
    .join(' · ');
  return (
    <div id={id} className="card__details" hidden={!open}>
      {facts ? <p className="card__facts">{facts}</p> : null}
      {title.director ? <p className="card__director">{`Directed by ${title.director}`}</p> : null}
    </div>
  );
}

/** The title keys the details need, next to the component that shows them. */
export const TitleDetails = Object.assign(memo(TitleDetailsView), {
  paths: Object.freeze(['genre', 'director', 'runtime', 'mpaa']),
});
