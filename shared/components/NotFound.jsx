// @ts-check
// What a page shows when the catalog has no such thing (its status is 404 all
// the same): one component for every page, so they read and look alike.

/**
 * @param {{ what: string, noun: string, as?: 'main' | 'section' }} props
 *   what: the heading's subject ("Title"); noun: what the address would name
 *   ("film"); as: the element, `main` for a page whose notice is its whole main
 */
// Each text one string: React's server render would part `{what} not found` with a comment.
export function NotFound({ what, noun, as: Element = 'section' }) {
  return (
    <Element className="not-found">
      <h1>{`${what} not found`}</h1>
      <p>{`There is no ${noun} at this address.`}</p>
      <p>
        <a href="/">Back to the catalog</a>
      </p>
    </Element>
  );
}
