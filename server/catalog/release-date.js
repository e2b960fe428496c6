// @ts-check
// Release dates arrive as "Jun 12 1998". Some were typed with two-digit years
// and expanded into the wrong century ("Dec 15 2039" for Gone with the Wind),
// so a year after the data set's plausible range is moved back 100 years.

/** The first films were shot in 1888 (Roundhay Garden Scene). */
export const EARLIEST_FILM_YEAR = 1888;
/** The data set was compiled around 2010: nothing in it is released later. */
export const LATEST_PLAUSIBLE_YEAR = 2012;

const MONTHS = Object.freeze(
  /** @type {Record<string, number>} */ ({
    jan: 0,
    feb: 1,
    mar: 2,
    apr: 3,
    may: 4,
    jun: 5,
    jul: 6,
    aug: 7,
    sep: 8,
    oct: 9,
    nov: 10,
    dec: 11,
  }),
);

/**
 * @typedef {object} ReleaseDate
 * @property {number} year
 * @property {number} time UTC milliseconds of the release day, for sorting
 * @property {boolean} fixedYear true when the century was corrected
 */

/**
 * @param {unknown} raw "Mon DD YYYY" (or ISO "YYYY-MM-DD")
 * @returns {ReleaseDate | 'unreadable' | 'impossible'}
 */
export function parseReleaseDate(raw) {
  const parts = splitDate(raw);
  if (!parts) return 'unreadable';
  let { year } = parts;
  const { month, day } = parts;
  let fixedYear = false;
  if (year > LATEST_PLAUSIBLE_YEAR) [year, fixedYear] = [year - 100, true];
  if (year < EARLIEST_FILM_YEAR || year > LATEST_PLAUSIBLE_YEAR) return 'impossible';

  const time = Date.UTC(year, month, day);
  // Date.UTC rolls "Feb 31" over into March; a date that moved is not a date.
  const check = new Date(time);
  if (check.getUTCMonth() !== month || check.getUTCDate() !== day) return 'unreadable';
  return { year, time, fixedYear };
}

/**
 * @param {unknown} raw
 * @returns {{ year: number, month: number, day: number } | null}
 */
function splitDate(raw) {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  const spoken = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/.exec(text);
  if (spoken) {
    const month = MONTHS[spoken[1].toLowerCase()];
    if (month === undefined) return null;
    return { year: Number(spoken[3]), month, day: Number(spoken[2]) };
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]) - 1, day: Number(iso[3]) };
  return null;
}
