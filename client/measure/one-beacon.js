// @ts-check
// One field beacon per page view, whichever of its two senders goes first:
// measurement's (./beacon.js, once it has loaded on the first intent) or the
// hide sender in the entry (./hide-beacon.js, a page left before then). Kept
// apart from ./beacon.js so that the entry carries only this.

export const BEACON_URL = '/perf/beacon';

// Keyed by the document: one page view is one document (a test's stub too).
/** @type {WeakSet<object>} documents whose beacon has left */
const sentFrom = new WeakSet();
/** @type {WeakSet<object>} documents whose measurement sends the beacon itself */
const measuredIn = new WeakSet();

/**
 * Sends `body` as this page view's one beacon, unless one has left already.
 * @param {object} body
 * @returns {boolean} whether it was sent now
 */
export function sendPageBeacon(body) {
  if (sentFrom.has(document)) return false;
  sentFrom.add(document);
  navigator.sendBeacon(BEACON_URL, JSON.stringify(body));
  return true;
}

/** Whether this page view's beacon has left. */
export const beaconHasLeft = () => sentFrom.has(document);

/** Measurement sends the beacon itself from now on; the hide sender leaves it to it. */
export function measurementTakesBeacon() {
  measuredIn.add(document);
}

/** Whether measurement (./start.js) sends the beacon itself. */
export const measurementSendsBeacon = () => measuredIn.has(document);
