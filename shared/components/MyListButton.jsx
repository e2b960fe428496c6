// @ts-check
// The my-list toggle, on cards and on the title page. Its state comes from the
// visitor's store (optimistic on the client, the cache's on the server).
import { useVisitor } from './Visitor.js';

/** @typedef {import('../graph/types.js').Title} Title */

/**
 * @param {{ title: Title, variant: 'card' | 'page' }} props
 */
function MyListButtonView({ title, variant }) {
  const [on, visitor] = useVisitor((store) => store.inMyList(title));
  // One string per state: one text node, nothing for hydration to split.
  const text = variant === 'page' ? (on ? '✓ In My List' : '+ My List') : on ? '✓' : '+';
  return (
    <button
      type="button"
      className={`mylist mylist--${variant}`}
      aria-pressed={on}
      aria-label={variant === 'card' ? `My List: ${title.name}` : undefined}
      onClick={() => visitor.toggleMyList(title)}
    >
      {text}
    </button>
  );
}

/** `paths`: the title key the toggle reads (per visitor). */
export const MyListButton = Object.assign(MyListButtonView, { paths: Object.freeze(['inMyList']) });
