// @ts-check
// The workshop's pitfalls inside a card (exercises 06 and 09), set once when
// the app is made, server-side only: the client bundle is at its size budget
// and the strings and DOM are the same either way. Off, the cards' own code
// runs as it is; nothing decides per card.
import { cardFormat } from '../../shared/components/card-format.js';
import { wrapTitleCard } from '../../shared/components/TitleCard.jsx';
import { FORMAT_PER_ITEM } from './format-per-item.js';
import { stackOfPassThroughs } from './props-through-stack.js';

/** The cards' own formatters, kept to put back (another app in this process may be made without the pitfall). */
const FORMAT_ONCE = Object.freeze({ ...cardFormat });

/**
 * @param {{ formatCardsPerItem: boolean, cardPassThroughs: { depth: number, props: number } | null }} exercise
 */
export function applyCardPitfalls({ formatCardsPerItem, cardPassThroughs }) {
  Object.assign(cardFormat, formatCardsPerItem ? FORMAT_PER_ITEM : FORMAT_ONCE);
  wrapTitleCard(cardPassThroughs ? (card) => stackOfPassThroughs(card, cardPassThroughs) : null);
}
