// @ts-check
// One field beacon per page view, whichever of its two senders goes first:
// measurement's (./beacon.js, once it has loaded on the first intent) or the
// hide sender inline in the page head (./hide-beacon.js, a page left before
// then). Kept apart from ./beacon.js so that the inline script carries only this.
// The two share no module instance (one is inline, the other a chunk): they
// meet on a global, which a new document starts without.

export const BEACON_URL = '/perf/beacon';

/**
 * @typedef {{
 *   readPage: () => import('../../shared/page-handoff.js').HandedPage | null,
 *   send: typeof sendPageBeacon,
 *   hasLeft: typeof beaconHasLeft,
 *   take: typeof measurementTakesBeacon,
 *   earlyInputWaits: () => number[],
 *   engineFamily: () => string,
 *   navigationType: () => string,
 * }} SenderParts
 *   what the inline hide sender publishes (./hide-beacon.js) and measurement's
 *   sender uses (./beacon.js), so that the page carries one copy of each
 */

/** @returns {{ sent?: boolean, measured?: boolean }} this page view's state */
const state = () => {
  const global = /** @type {any} */ (globalThis);
  return (global.__marqueeBeacon ??= {});
};

/**
 * Sends `body` as this page view's one beacon, unless one has left already.
 * @param {object} body
 * @returns {boolean} whether it was sent now
 */
export function sendPageBeacon(body) {
  const page = state();
  if (page.sent) return false;
  page.sent = true;
  navigator.sendBeacon(BEACON_URL, JSON.stringify(body));
  return true;
}

/** Whether this page view's beacon has left. */
export const beaconHasLeft = () => state().sent === true;

/** Measurement sends the beacon itself from now on; the hide sender leaves it to it. */
export function measurementTakesBeacon() {
  state().measured = true;
}

/** Whether measurement (./start.js) sends the beacon itself. */
export const measurementSendsBeacon = () => state().measured === true;
