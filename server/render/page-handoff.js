// @ts-check
// Writes `#marquee-data` (shared/page-handoff.js): the one place the server
// builds what it hands a page's client, serialized safely for the page's tail.
import { serializeJsonForHtml } from './serialize-json.js';

/** @typedef {import('../../shared/page-handoff.js').HandedPage} HandedPage */

/**
 * @param {{
 *   cache: object,
 *   later: string[],
 *   route: string,
 *   requestId?: string,
 *   options?: HandedPage['options'],
 *   timings: HandedPage['timings'],
 *   upstream?: HandedPage['upstream'],
 * }} parts
 * @returns {string} JSON safe inside the script element (views/partials/page-data.hbs)
 */
export function writeHandoff({ cache, later, route, requestId, options, timings, upstream }) {
  /** @type {HandedPage} */
  const page = {
    route,
    ...(requestId === undefined ? {} : { requestId }),
    ...(options === undefined ? {} : { options }),
    timings,
    ...(upstream === undefined ? {} : { upstream }),
  };
  /** @type {import('../../shared/page-handoff.js').PageHandoff} */
  const handoff = { cache, later, page };
  return serializeJsonForHtml(handoff);
}
