// @ts-check
// Exercise 09's pitfall (perf/exercises/09-props-through-stacks), on purpose:
// a card under a stack of pass-through components, the shape of
// withFocus(withTheme(withTracking(…))) in a TV UI (Netflix, 2017). The
// title arrives spread into loose props beside many settings; every level
// copies every prop onto the next and makes a fresh inline style object; the
// bottom regroups the props into the card's own. The card and its DOM are the
// same, so the browser's hydration does not notice.
import { createElement } from 'react';

/** @typedef {import('../../shared/graph/types.js').Title} Title */
/** @typedef {import('../../shared/components/Poster.jsx').ImagePriority} ImagePriority */
/** @typedef {import('react').ComponentType<{ title: Title, image: ImagePriority, later?: boolean, shownFrom?: number }> & { paths: readonly string[] }} Card */
/** @typedef {Record<string, unknown>} LooseProps */

/**
 * @param {Card} card
 * @param {{ depth: number, props: number }} size levels of pass-through components, settings beside the title
 * @returns {import('react').FunctionComponent<{ title: Title, image: ImagePriority, later?: boolean, shownFrom?: number }>}
 */
export function stackOfPassThroughs(card, { depth, props }) {
  const titleKeys = ['id', 'boxart', ...card.paths];
  /** @param {LooseProps} loose */
  const Regroup = (loose) => {
    /** @type {Record<string, unknown>} */
    const title = {};
    for (const key of titleKeys) if (key in loose) title[key] = loose[key];
    // The card's own optional props, only when a row set them.
    const poster = Object.fromEntries(
      ['later', 'shownFrom'].filter((key) => loose[key] !== undefined).map((key) => [key, loose[key]]),
    );
    return createElement(card, {
      title: /** @type {Title} */ (title),
      image: /** @type {ImagePriority} */ (loose.image),
      ...poster,
    });
  };
  /** @type {import('react').FunctionComponent<LooseProps>} */
  let stack = Regroup;
  for (let level = depth - 1; level >= 0; level -= 1) stack = passThrough(stack, level);
  const settings = Object.fromEntries(Array.from({ length: props }, (_, i) => [`setting${i}`, i]));
  /** @param {{ title: Title, image: ImagePriority, later?: boolean, shownFrom?: number }} grouped */
  const Spread = ({ title, image, later, shownFrom }) =>
    createElement(stack, { ...settings, ...title, image, later, shownFrom });
  return Spread;
}

/**
 * @param {import('react').FunctionComponent<LooseProps>} Inner
 * @param {number} level
 */
function passThrough(Inner, level) {
  /** @param {LooseProps} props */
  const PassThrough = (props) =>
    // A fresh style object per render, of values that never change.
    createElement(Inner, { ...props, style: { .../** @type {object} */ (props.style), zIndex: level, opacity: 1 } });
  PassThrough.displayName = `PassThrough${level}`;
  return PassThrough;
}
