// @ts-check
// Counts the card formatters Intl.NumberFormat is asked to make (exercise 06's
// pitfall: one per card instead of one per process), told apart from other
// formatters by the options cards pass (shared/components/card-format.js).
import { CARD_NUMBER_OPTIONS } from '../../shared/components/card-format.js';

/**
 * @param {() => unknown} use what to run while counting (awaited)
 * @returns {Promise<number>} card formatters made while it ran
 */
export async function formattersMadeDuring(use) {
  const Original = Intl.NumberFormat;
  const cards = new Set(Object.values(CARD_NUMBER_OPTIONS));
  let made = 0;
  Intl.NumberFormat = new Proxy(Original, {
    construct(target, args, newTarget) {
      if (cards.has(args[1])) made += 1;
      return Reflect.construct(target, args, newTarget);
    },
  });
  try {
    await use();
  } finally {
    Intl.NumberFormat = Original;
  }
  return made;
}
