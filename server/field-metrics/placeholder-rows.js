// @ts-check
// Rows seen before their cards (issue 37): a home beacon's `placeholderRows`
// counts the rows that came into view while still a placeholder
// (shared/components/RowPlaceholder.jsx), what a visitor who scrolls sooner
// than the rows load sees. Here, per route, the page views that sent one, how
// many saw any, and the rows seen so, for /perf and /metrics.
import client from 'prom-client';
import { MAX_ROWS } from '../../shared/graph/limits.js';

/**
 * @param {unknown} value the beacon's `placeholderRows`
 * @returns {{ rows: number | undefined, error?: undefined } | { error: string, rows?: undefined }}
 */
export function parsePlaceholderRows(value) {
  if (value === undefined) return { rows: undefined };
  // A page has at most MAX_ROWS rows, each counted once.
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_ROWS)
    return { error: `placeholderRows must be a whole number of rows from 0 to ${MAX_ROWS}` };
  return { rows: value };
}

/**
 * Page views that counted, those that saw a placeholder, and the rows seen so, per route.
 * @param {{ registry: import('prom-client').Registry }} options
 */
export function createPlaceholderRowCounts({ registry }) {
  const views = new client.Counter({
    name: 'marquee_browser_placeholder_views_total',
    help: 'Page views that counted rows seen before their cards, by route and whether any was',
    labelNames: ['route', 'saw_placeholder'],
    registers: [registry],
  });
  const rows = new client.Counter({
    name: 'marquee_browser_placeholder_rows_total',
    help: 'Rows that came into view while still a placeholder (before their cards), by route',
    labelNames: ['route'],
    registers: [registry],
  });
  /** @type {Map<string, { views: number, withPlaceholder: number, rows: number }>} route (a fixed set) → counts */
  const counts = new Map();
  return {
    /** @param {string} route @param {number | undefined} seen the beacon's count; undefined: the page has no rows to count */
    record(route, seen) {
      if (seen === undefined) return;
      const one = counts.get(route) ?? { views: 0, withPlaceholder: 0, rows: 0 };
      one.views += 1;
      one.rows += seen;
      if (seen > 0) one.withPlaceholder += 1;
      counts.set(route, one);
      views.inc({ route, saw_placeholder: seen > 0 ? 'yes' : 'no' });
      if (seen > 0) rows.inc({ route }, seen);
    },
    /** @returns {{ route: string, views: number, withPlaceholder: number, rows: number, share: number }[]} */
    snapshot() {
      return [...counts].map(([route, one]) => ({
        route,
        ...one,
        share: one.views > 0 ? one.withPlaceholder / one.views : 0,
      }));
    },
  };
}
