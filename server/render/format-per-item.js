// @ts-check
// Exercise 06's pitfall (perf/exercises/06-blocking-work-per-item), on
// purpose: every card's numbers formatted by a formatter made for that one
// call, as `value.toLocaleString(locale, options)` does unseen. Same locale,
// same options, same strings as the cards' own formatters (made once).
import { CARD_LOCALE, CARD_NUMBER_OPTIONS } from '../../shared/components/card-format.js';

/** @type {Readonly<import('../../shared/components/card-format.js').CardFormat>} */
export const FORMAT_PER_ITEM = Object.freeze({
  rating: (value) => new Intl.NumberFormat(CARD_LOCALE, CARD_NUMBER_OPTIONS.rating).format(value),
  runtime: (minutes) => new Intl.NumberFormat(CARD_LOCALE, CARD_NUMBER_OPTIONS.runtime).format(minutes),
});
