// @ts-check
// The data set has no synopsis, so each title gets one sentence built from
// the fields it does have: "A 1998 drama directed by X, rated R, 112 minutes."

/** How a genre reads inside a sentence; others become "<genre> film". */
const GENRE_NOUNS = Object.freeze(
  /** @type {Record<string, string>} */ ({
    Drama: 'drama',
    Comedy: 'comedy',
    'Black Comedy': 'black comedy',
    'Romantic Comedy': 'romantic comedy',
    'Thriller/Suspense': 'thriller',
    Documentary: 'documentary',
    Musical: 'musical',
    Western: 'western',
    'Concert/Performance': 'concert film',
  }),
);

/** MPAA certificates worth a "rated X"; "Open" and unknown values say nothing. */
const CERTIFICATES = new Set(['G', 'PG', 'PG-13', 'R', 'NC-17']);

/**
 * @param {{ year: number, genre: string | null, director: string | null,
 *   mpaa: string | null, runtime: number | null }} fields
 */
export function buildTagline({ year, genre, director, mpaa, runtime }) {
  const noun =
    genre === null ? 'film' : Object.hasOwn(GENRE_NOUNS, genre) ? GENRE_NOUNS[genre] : `${genre.toLowerCase()} film`;
  let sentence = `A ${year} ${noun}`;
  if (director !== null) sentence += ` directed by ${director}`;
  const details = [];
  if (mpaa !== null && CERTIFICATES.has(mpaa)) details.push(`rated ${mpaa}`);
  else if (mpaa === 'Not Rated') details.push('unrated');
  if (runtime !== null) details.push(`${runtime} minutes`);
  return details.length === 0 ? `${sentence}.` : `${sentence}, ${details.join(', ')}.`;
}
