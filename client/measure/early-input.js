// @ts-check
// Input before interactive (issue 27): what the page's inline counter
// (views/partials/early-input.hbs) noted, read once the app was interactive:
// for each pointer or key press that came before, how long it waited until the
// page could handle it. TTI stands in for this figure; here it is measured.

/** The inline counter keeps at most this many presses, the server takes as many. */
export const MAX_EARLY_INPUTS = 20;

/**
 * @returns {number[]} the waits, in ms; empty when no input came first (or off Marquee pages)
 */
export function earlyInputWaits() {
  const waits = /** @type {any} */ (globalThis).__marqueeEarly?.waits;
  if (!Array.isArray(waits)) return [];
  return waits.filter((ms) => Number.isFinite(ms) && ms >= 0).slice(0, MAX_EARLY_INPUTS);
}
