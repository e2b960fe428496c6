// @ts-check
// How a card writes its numbers: one Intl formatter per kind, made once per
// process and reused for every card, on both sides (same strings, so the
// hydration agrees).
// Pitfall: a formatter per item (Box, 2015: dates formatted per item); each new
// Intl object resolves its locale data again (perf/exercises/06-blocking-work-per-item).

/** The locale and options cards format with. */
export const CARD_LOCALE = 'en-US';
export const CARD_NUMBER_OPTIONS = Object.freeze({
  rating: Object.freeze({ minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  runtime: Object.freeze({ style: 'unit', unit: 'minute', unitDisplay: 'short' }),
});

/** @typedef {{ rating: (value: number) => string, runtime: (minutes: number) => string }} CardFormat */

/**
 * What cards call. An Intl formatter's `format` comes bound to it.
 * @type {Readonly<CardFormat>}
 */
export const CARD_FORMAT = Object.freeze({
  rating: new Intl.NumberFormat(CARD_LOCALE, CARD_NUMBER_OPTIONS.rating).format,
  runtime: new Intl.NumberFormat(CARD_LOCALE, CARD_NUMBER_OPTIONS.runtime).format,
});
