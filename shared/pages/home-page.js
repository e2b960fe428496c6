// @ts-check
// The home page as a page module (shared/routes.js): its component, query and props.
import { HomePage } from '../components/HomePage.jsx';
import { homeQuery, homeProps } from './home.js';

export const Component = HomePage;

/** @param {import('../routes.js').Params} _params @param {import('../routes.js').PageOptions} options */
export function query(_params, { rows = 0 }) {
  return homeQuery(rows);
}

/** @param {unknown} cache @param {import('../routes.js').Params} _params @param {import('../routes.js').PageOptions} options */
export function props(cache, _params, { rows = 0 }) {
  return homeProps(cache, rows);
}

export function documentTitle() {
  return 'Marquee · Films to watch';
}
