// @ts-check
// When a lab run loads measurement: ?perf (1: with the overlay; lab: figures
// alone, for a runner that can set nothing before the page) at idle, perf:tti's
// loads (its cap set before the page) one quiet window later.
import { whenIdle } from './idle.js';

/**
 * Lab TTI's quiet window (./measure/lab-tti.js QUIET_WINDOW_MS; the entry does not
 * import measurement, test/client/lab-run.test.js checks the two agree).
 */
export const LAB_QUIET_WINDOW_MS = 5000;

/** ./measure/own-load.js's MEASUREMENT_ASKED_MARK, written again for the same reason. */
export const MEASUREMENT_ASKED_MARK = 'marquee:measurement-asked';

/** Whether this load is a lab run: measurement is asked for without waiting for an intent. */
export function isLabRun() {
  return (
    new URLSearchParams(location.search).has('perf') || Number.isFinite(/** @type {any} */ (window).__marqueePerfCapMs)
  );
}

/**
 * Loads measurement for a lab run, called at hydration's mark.
 * Pitfall: measurement's own evaluation as a long task inside the window that decides
 * lab TTI (114 ms at 4x CPU, issue 37), in a load Lighthouse makes without it: perf:tti's
 * loads take it one quiet window after hydration, once that window has passed, and its
 * observers, buffered, still see every entry from page start.
 * @param {() => unknown} measure imports measurement
 */
export function loadMeasurementForLab(measure) {
  if (Number.isFinite(/** @type {any} */ (window).__marqueePerfCapMs))
    setTimeout(() => whenIdle(measure), LAB_QUIET_WINDOW_MS);
  else whenIdle(measure);
}
