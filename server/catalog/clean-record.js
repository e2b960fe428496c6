// @ts-check
// One raw record of movies.json in, one clean record (or the reason it was
// dropped) out. Missing optional fields become null; only a usable name and a
// plausible release year are required.
import { cleanText, cleanTitleName } from './clean-title.js';
import { parseReleaseDate } from './release-date.js';

/**
 * @typedef {object} TitleFields the contract's title, before it gets an id
 * @property {string} name
 * @property {number} year
 * @property {number | null} rating IMDB rating, 0-10 with one decimal
 * @property {string | null} genre
 * @property {string | null} director
 * @property {number | null} runtime minutes
 * @property {string | null} mpaa
 */

/**
 * @typedef {object} CleanRecord
 * @property {TitleFields} fields
 * @property {number} votes IMDB votes (0 when unknown), to trust a rating
 * @property {number | null} worldwideGross US dollars
 * @property {number} released UTC milliseconds of the release day
 * @property {boolean} fixed whether anything had to be repaired
 */

/** @typedef {'not an object' | 'no title' | 'no release date' | 'impossible year'} DropReason */

/**
 * @param {unknown} raw
 * @param {{ repairMojibake: boolean }} options
 * @returns {CleanRecord | { dropped: DropReason }}
 */
export function cleanRecord(raw, options) {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { dropped: 'not an object' };
  const record = /** @type {Record<string, unknown>} */ (raw);

  const title = cleanTitleName(record['Title'], options);
  if (title === null) return { dropped: 'no title' };
  const release = parseReleaseDate(record['Release Date']);
  if (release === 'unreadable') return { dropped: 'no release date' };
  if (release === 'impossible') return { dropped: 'impossible year' };

  const rating = numberIn(record['IMDB Rating'], 0, 10);
  const runtime = numberIn(record['Running Time min'], 1, 1000);
  return {
    fields: {
      name: title.name,
      year: release.year,
      rating: rating === null ? null : Math.round(rating * 10) / 10,
      genre: cleanText(record['Major Genre'], options),
      director: cleanText(record['Director'], options),
      runtime: runtime === null ? null : Math.round(runtime),
      mpaa: cleanText(record['MPAA Rating'], options),
    },
    votes: Math.round(numberIn(record['IMDB Votes'], 0, Number.MAX_SAFE_INTEGER) ?? 0),
    worldwideGross: numberIn(record['Worldwide Gross'], 0, Number.MAX_SAFE_INTEGER),
    released: release.time,
    fixed: title.fixed || release.fixedYear,
  };
}

/**
 * @param {unknown} value
 * @param {number} min
 * @param {number} max
 * @returns {number | null} the value when it is a finite number within [min, max]
 */
function numberIn(value, min, max) {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : null;
}
