// @ts-check
// The visitor's own state as the UI shows it: my-list membership and ratings,
// read from the page's props (the server's cache) with the changes made in
// this page's lifetime laid over them (the client's store:
// shared/visitor-store.js). The store is handed down by context, so cards and
// the title page stay pure; the server renders with SERVER_STORE (no changes).
import { createContext, useContext, useSyncExternalStore } from 'react';

/** @typedef {import('../graph/types.js').Title} Title */
/** @typedef {import('../graph/types.js').Row} Row */
/** @typedef {Title & { userRating?: number | null }} RatedTitle */

/**
 * @typedef {object} VisitorStore
 * @property {(listener: () => void) => () => void} subscribe called on every change
 * @property {(title: Title) => boolean} inMyList
 * @property {(title: RatedTitle) => number | null} ratingOf
 * @property {(row: Row | null) => Row | null} myListRow the row with this page's adds and removes
 *   applied; the same object while neither changes
 * @property {() => string} notice the last failure, for the status line ('' when none)
 * @property {(title: Title) => void} toggleMyList optimistic; rolls back with a notice on failure
 * @property {(title: RatedTitle, rating: number) => void} rate the same rating again clears it
 */

/** @type {VisitorStore} */
export const SERVER_STORE = Object.freeze({
  subscribe: () => () => {},
  inMyList: (title) => title.inMyList === true,
  ratingOf: (title) => title.userRating ?? null,
  myListRow: (row) => row,
  notice: () => '',
  toggleMyList() {},
  rate() {},
});

export const Visitor = createContext(SERVER_STORE);

/**
 * What a component shows of the visitor's state, and the store for its
 * handlers. Pitfall: a context whose value changes re-renders every consumer
 * (one click on a card's My List re-rendered every card's button before its
 * paint); the context holds the store, which never changes, and a component
 * re-renders only when what it selected did.
 * @template T
 * @param {(store: VisitorStore) => T} select a boolean, a number, a string or
 *   an object the store hands out unchanged while its part is
 * @returns {[T, VisitorStore]}
 */
export function useVisitor(select) {
  const store = useContext(Visitor);
  const value = useSyncExternalStore(
    store.subscribe,
    () => select(store),
    // Hydration renders what the server rendered.
    () => select(SERVER_STORE),
  );
  return [value, store];
}
