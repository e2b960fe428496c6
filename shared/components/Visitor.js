// @ts-check
// The visitor's own state as the UI shows it: my-list membership and ratings,
// read from the page's props (the server's cache) with the changes made in
// this page's lifetime laid over them. Handed down by context so cards and
// the title page stay pure; the server renders with the default (no changes).
import { createContext } from 'react';

/** @typedef {import('../graph/types.js').Title} Title */
/** @typedef {import('../graph/types.js').Row} Row */
/** @typedef {Title & { userRating?: number | null }} RatedTitle */

/**
 * @typedef {object} VisitorView
 * @property {(title: Title) => boolean} inMyList
 * @property {(title: RatedTitle) => number | null} ratingOf
 * @property {(row: Row | null) => Row | null} myListRow the row with this page's adds and removes applied
 * @property {(title: Title) => void} toggleMyList optimistic; rolls back with a notice on failure
 * @property {(title: RatedTitle, rating: number) => void} rate the same rating again clears it
 * @property {string} notice the last failure, for the status line ('' when none)
 */

/** @type {VisitorView} */
export const SERVER_VIEW = Object.freeze({
  inMyList: (title) => title.inMyList === true,
  ratingOf: (title) => title.userRating ?? null,
  myListRow: (row) => row,
  toggleMyList() {},
  rate() {},
  notice: '',
});

export const Visitor = createContext(SERVER_VIEW);
