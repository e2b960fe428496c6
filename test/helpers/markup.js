// @ts-check
// Reads server-rendered HTML by meaning (headings' text, link targets), so a
// test does not break when markup around the meaning changes (a heading that
// becomes a link).

/**
 * @param {string} html
 * @returns {string} the text, tags removed and entities of the page's own kind decoded
 */
export function textOf(html) {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The rows of a page in order: index, heading text, the heading's link, and
 * the title ids of its cards.
 * @param {string} html
 * @returns {{ index: string, heading: string, href: string | null, cards: string[] }[]}
 */
export function rowsOf(html) {
  return [...html.matchAll(/<section class="row" data-row-index="(-?\d+)"[^>]*>(.*?)<\/section>/gs)].map(
    ([, index, body]) => ({
      index,
      heading: textOf(/<h2[^>]*>(.*?)<\/h2>/s.exec(body)?.[1] ?? ''),
      href: /<h2[^>]*>\s*<a[^>]*href="([^"]*)"/s.exec(body)?.[1] ?? null,
      cards: [...body.matchAll(/<li class="card" data-title-id="([^"]+)"/g)].map((m) => m[1]),
    }),
  );
}
