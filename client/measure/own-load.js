// @ts-check
// Measurement's own load, left out of the lab TTI it measures: from the moment
// the entry asks for it (a mark) to the task that hands its observers their
// buffered entries. Lighthouse's loads never load it.

/** @typedef {import('./lab-tti.js').Period} Period */

/**
 * The mark the entry sets when it asks for measurement (client/lab-run.js writes the same name;
 * the entry imports nothing of measurement's, test/client/lab-run.test.js checks the two agree).
 */
export const MEASUREMENT_ASKED_MARK = 'marquee:measurement-asked';

/**
 * The long tasks without measurement's own load, from the moment the entry asked for it (the
 * mark) to the task that handed its observers their buffered entries (`ownLoad`). Pitfall:
 * measurement's evaluation counted as the page's work, in a load Lighthouse makes without it;
 * perf:tti's loads take it one quiet window after hydration, but a commit that ends a little after
 * the mark put that evaluation inside the window, and lab TTI read 8.8 s against Lighthouse's 3.8
 * (issue 46).
 * @param {Period[]} longTasks
 * @param {Period | null} ownLoad
 */
export function withoutOwnLoad(longTasks, ownLoad) {
  if (!ownLoad) return longTasks;
  return longTasks.filter((task) => task.end < ownLoad.start || task.start > ownLoad.end);
}

/** @returns {number | undefined} when the entry asked for measurement; none: perf:tti's injected copy */
export const measurementAskedAt = () => performance.getEntriesByName(MEASUREMENT_ASKED_MARK, 'mark').at(-1)?.startTime;

/**
 * @param {number | undefined} asked measurementAskedAt()
 * @param {number | null} buffered when the observers took their buffered entries (null: not yet, nothing to leave out)
 * @returns {Period | null} null where the entry never asked (perf:tti's injected copy on another site)
 */
export const ownLoad = (asked, buffered) => (asked === undefined ? null : { start: asked, end: buffered ?? asked });
