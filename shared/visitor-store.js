// @ts-check
// The client's visitor store: optimistic changes to my list and ratings, sent
// through the services the client hands in (Falcor call and set), rolled back
// with a visible notice when the server refuses or cannot be reached. A store,
// not React state: each component subscribes to the part it shows (see
// shared/components/Visitor.js), so a click re-renders its own button only.
import { NO_CHANGES, applyToMyList, inMyList, ratingOf, setInMyList, setNotice, setRating } from './visitor-changes.js';
import { CARDS_PER_ROW } from './graph/limits.js';

/** @typedef {import('./visitor-changes.js').VisitorChanges} VisitorChanges */
/** @typedef {import('./graph/types.js').Title} Title */
/** @typedef {import('./graph/types.js').Row} Row */
/** @typedef {import('./components/Visitor.js').VisitorStore} VisitorStore */
/**
 * @typedef {{
 *   changeMyList: (id: string, on: boolean) => Promise<unknown>,
 *   rate: (id: string, rating: number | null) => Promise<unknown>,
 *   onVisitorDataRead?: (apply: (read: ReadonlyMap<string, VisitorValues>) => void) => void,
 * }} VisitorServices onVisitorDataRead: hands `apply` the visitor's data read from the server again
 *   after the page was rendered (a page restored from the back/forward cache, client/restore/)
 * @typedef {{ inMyList?: boolean, userRating?: number | null }} VisitorValues
 */

/**
 * @param {VisitorServices} services
 * @returns {VisitorStore}
 */
export function createVisitorStore(services) {
  let changes = NO_CHANGES;
  // The server's values read again since the page's props were made: they
  // replace the props' (which a restored page may have kept for hours).
  /** @type {ReadonlyMap<string, VisitorValues>} */
  let read = new Map();
  /** @template {Title} T @param {T} title @returns {T} */
  const fresh = (title) => {
    const values = read.get(title.id);
    return values ? { ...title, ...values } : title;
  };
  /** @type {Set<() => void>} */
  const listeners = new Set();
  /** @param {(was: VisitorChanges) => VisitorChanges} change */
  const update = (change) => {
    const next = change(changes);
    if (next === changes) return;
    changes = next;
    for (const listener of listeners) listener();
  };
  // The changes made here are in what was read (or were undone elsewhere meanwhile): the server's word wins.
  services.onVisitorDataRead?.((values) => {
    read = values;
    changes = NO_CHANGES;
    for (const listener of listeners) listener();
  });
  // The last row handed out, and what it was made from: a subscriber must get
  // the same object back while neither the list's changes nor the server's row change.
  /** @type {{ changed?: VisitorChanges['myList'], row?: Row | null, shown?: Row | null }} */
  let last = {};

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    inMyList: (title) => inMyList(changes, fresh(title)),
    ratingOf: (title) => ratingOf(changes, fresh(title)),
    myListRow(row) {
      if (last.changed !== changes.myList || last.row !== row)
        last = { changed: changes.myList, row, shown: applyToMyList(changes.myList, row, CARDS_PER_ROW) };
      return last.shown ?? null;
    },
    notice: () => changes.notice,
    toggleMyList(title) {
      const was = inMyList(changes, fresh(title));
      update((c) => setNotice(setInMyList(c, title, !was), ''));
      services.changeMyList(title.id, !was).catch((/** @type {any} */ error) => {
        // A refused add to a full list: falcor rejects with the call's error
        // atoms, and the server words this one for the visitor ("My List is
        // full (500 titles)", server/falcor/routes/myList.js); trying again
        // would not help, so the notice says that instead.
        const refusal = error?.[0]?.value?.message;
        update((c) => {
          // A later click already decided otherwise: leave that one standing.
          if (inMyList(c, fresh(title)) === was) return c;
          const verb = was ? 'remove' : 'add';
          const where = was ? 'from' : 'to';
          return setNotice(
            setInMyList(c, title, was),
            /^My List is full/.test(refusal)
              ? refusal
              : `Could not ${verb} “${title.name}” ${where} My List. Please try again.`,
          );
        });
      });
    },
    rate(title, rating) {
      const was = ratingOf(changes, fresh(title));
      const next = was === rating ? null : rating;
      update((c) => setNotice(setRating(c, title.id, next), ''));
      services.rate(title.id, next).catch(() => {
        update((c) => {
          if (ratingOf(c, fresh(title)) !== next) return c;
          return setNotice(
            setRating(c, title.id, was),
            `Could not save your rating of “${title.name}”. Please try again.`,
          );
        });
      });
    },
  };
}
