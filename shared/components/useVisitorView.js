// @ts-check
// The client's VisitorView: optimistic changes to my list and ratings, sent
// through the services the client hands in (Falcor call and set), rolled back
// with a visible notice when the server refuses or cannot be reached.
import { useMemo, useRef, useState } from 'react';
import { CARDS_PER_ROW } from '../graph/limits.js';
import {
  NO_CHANGES,
  applyToMyList,
  inMyList,
  ratingOf,
  setInMyList,
  setNotice,
  setRating,
} from '../visitor-changes.js';

/** @typedef {import('./Visitor.js').VisitorView} VisitorView */
/**
 * @typedef {{
 *   changeMyList: (id: string, on: boolean) => Promise<unknown>,
 *   rate: (id: string, rating: number | null) => Promise<unknown>,
 * }} VisitorServices
 */

/**
 * @param {VisitorServices | null} services null on the server: nothing changes there
 * @returns {VisitorView}
 */
export function useVisitorView(services) {
  const [changes, setChanges] = useState(NO_CHANGES);
  // Handlers read the latest state without being rebuilt on every change.
  const latest = useRef(changes);
  latest.current = changes;

  return useMemo(() => {
    /** @type {VisitorView['toggleMyList']} */
    const toggleMyList = (title) => {
      if (!services) return;
      const was = inMyList(latest.current, title);
      setChanges((c) => setNotice(setInMyList(c, title, !was), ''));
      services.changeMyList(title.id, !was).catch((/** @type {any} */ error) => {
        // A refused add to a full list: falcor rejects with the call's error
        // atoms, and the server words this one for the visitor ("My List is
        // full (500 titles)", server/falcor/routes/myList.js); trying again
        // would not help, so the notice says that instead.
        const refusal = error?.[0]?.value?.message;
        setChanges((c) => {
          // A later click already decided otherwise: leave that one standing.
          if (inMyList(c, title) === was) return c;
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
    };
    /** @type {VisitorView['rate']} */
    const rate = (title, rating) => {
      if (!services) return;
      const was = ratingOf(latest.current, title);
      const next = was === rating ? null : rating;
      setChanges((c) => setNotice(setRating(c, title.id, next), ''));
      services.rate(title.id, next).catch(() => {
        setChanges((c) => {
          if (ratingOf(c, title) !== next) return c;
          return setNotice(
            setRating(c, title.id, was),
            `Could not save your rating of “${title.name}”. Please try again.`,
          );
        });
      });
    };
    return {
      inMyList: (title) => inMyList(changes, title),
      ratingOf: (title) => ratingOf(changes, title),
      myListRow: (row) => applyToMyList(changes, row, CARDS_PER_ROW),
      toggleMyList,
      rate,
      notice: changes.notice,
    };
  }, [changes, services]);
}
