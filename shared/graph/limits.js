// @ts-check
// Numbers the server's queries and the client's reads must agree on, written once.

/** Cards per row, server-rendered or loaded later. */
export const CARDS_PER_ROW = 10;

/** A bound like the server's ranges: a corrupt length must not build a huge page. */
export const MAX_ROWS = 100;

/**
 * A row count from the graph, bounded: anything but a finite number reads as 0.
 * @param {unknown} value
 */
export function clampRows(value) {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.floor(value) : 0;
  return Math.max(0, Math.min(MAX_ROWS, n));
}
