// @ts-check
// Validation of everything a caller can put in a path or query string, so a
// bad id is a 400 that says what is wrong, never a lookup of `__proto__`.
import { TITLE_ID, VISITOR_ID } from '../../shared/ids.js';
import { HttpError } from './respond.js';

/** One `/titles` call answers at most this many ids (the client batches to it). */
export const MAX_IDS = 200;
/** The widest `/lists/:id` range: a request for 10^9 indices is refused, not served. */
export const MAX_SPAN = 500;
/** Without `to`, a range is one page of this many. */
const DEFAULT_PAGE = 10;

/** @param {string} id */
export function titleIdParam(id) {
  if (!TITLE_ID.test(id)) throw new HttpError(400, `malformed title id: ${JSON.stringify(id.slice(0, 100))}`);
  return id;
}

/** @param {string} vid */
export function visitorIdParam(vid) {
  if (!VISITOR_ID.test(vid)) throw new HttpError(400, 'malformed visitor id: expected [A-Za-z0-9_-]{8,64}');
  return vid;
}

/**
 * `?ids=a,b,c`: well-formed title ids, duplicates removed, order kept.
 * @param {URLSearchParams} query
 * @returns {string[]}
 */
export function idsQuery(query) {
  const raw = query.get('ids');
  if (raw === null || raw === '') throw new HttpError(400, 'ids is required: ?ids=a,b,c');
  const ids = raw.split(',');
  if (ids.length > MAX_IDS) throw new HttpError(400, `too many ids: ${ids.length} (at most ${MAX_IDS})`);
  return [...new Set(ids.map(titleIdParam))];
}

/**
 * `?from=0&to=9`, inclusive; clamping `to` to the list is the caller's job.
 * @param {URLSearchParams} query
 * @param {number} [maxSpan]
 * @returns {{ from: number, to: number }}
 */
export function rangeQuery(query, maxSpan = MAX_SPAN) {
  const from = indexParam(query, 'from') ?? 0;
  const to = indexParam(query, 'to') ?? from + DEFAULT_PAGE - 1;
  if (from > to) throw new HttpError(400, `from (${from}) is after to (${to})`);
  if (to - from + 1 > maxSpan) throw new HttpError(400, `range too wide: ${to - from + 1} items (at most ${maxSpan})`);
  return { from, to };
}

/**
 * @param {URLSearchParams} query
 * @param {string} name
 * @returns {number | undefined}
 */
function indexParam(query, name) {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (!/^\d{1,15}$/.test(raw))
    throw new HttpError(400, `${name} must be a non-negative integer, got ${JSON.stringify(raw.slice(0, 20))}`);
  return Number(raw);
}

/** The most list positions one `/lists?from&to&titles=` asks titles for: every list there is, and then some. */
export const MAX_POSITIONS = 100;

/**
 * `?titles=0,1,2`: list positions (display order), duplicates removed, order kept;
 * undefined when absent.
 * @param {URLSearchParams} query
 * @returns {number[] | undefined}
 */
export function positionsQuery(query) {
  const raw = query.get('titles');
  if (raw === null) return undefined;
  const parts = raw.split(',');
  if (parts.length > MAX_POSITIONS)
    throw new HttpError(400, `too many list positions: ${parts.length} (at most ${MAX_POSITIONS})`);
  for (const part of parts)
    if (!/^\d{1,4}$/.test(part))
      throw new HttpError(400, `titles must be list positions such as 0,1,2, got ${JSON.stringify(raw.slice(0, 40))}`);
  return [...new Set(parts.map(Number))];
}
