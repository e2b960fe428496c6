// @ts-check
// The title page as a page module (shared/routes.js), in a lazy chunk of its own.
import { TitlePage } from '../components/TitlePage.jsx';
import { titleQuery, titleProps } from './title.js';

export const Component = TitlePage;

/** @param {import('../routes.js').Params} params */
export function query(params) {
  return titleQuery(params.id);
}

/** @param {unknown} cache @param {import('../routes.js').Params} params */
export function props(cache, params) {
  return titleProps(cache, params.id);
}

/** @param {{ title: import("./title.js").TitleDetailsProps | null }} props */
export function documentTitle({ title }) {
  return title ? `${title.name}${title.year ? ` (${title.year})` : ''} · Marquee` : 'Title not found · Marquee';
}
