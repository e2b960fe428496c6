// @ts-check
// The workshop's pitfalls inside a card (exercises 06 and 09), chosen once
// when the app is made and handed to its pages through their render settings
// (server/render/render-settings.js), server-side only: the client bundle is
// at its size budget and the strings and DOM are the same either way. Off,
// the cards' own code runs as it is; nothing decides per card.
import { CARD_FORMAT } from '../../shared/components/card-format.js';
import { TitleCard } from '../../shared/components/TitleCard.jsx';
import { FORMAT_PER_ITEM } from './format-per-item.js';
import { stackOfPassThroughs } from './props-through-stack.js';

/**
 * @param {{ formatCardsPerItem: boolean, cardPassThroughs: { depth: number, props: number } | null }} exercise
 * @returns {Pick<import('../../shared/components/RenderSettings.js').Settings, 'cardFormat' | 'rowCard'>}
 */
export function cardPitfalls({ formatCardsPerItem, cardPassThroughs }) {
  return {
    // Pitfall: a formatter per item (perf/exercises/06-blocking-work-per-item).
    cardFormat: formatCardsPerItem ? FORMAT_PER_ITEM : CARD_FORMAT,
    // Pitfall: props through stacks of components (perf/exercises/09-props-through-stacks).
    rowCard: cardPassThroughs ? stackOfPassThroughs(TitleCard, cardPassThroughs) : null,
  };
}
