// @ts-check
// Input before interactive (issue 27): a beacon's `earlyInput` holds, for each
// pointer or key press that came before the page was interactive, how long it
// waited (views/partials/early-input.hbs, client/measure/early-input.js). The
// waits are a series of their own per route (./aggregate.js); here, the share
// of page views that had any, per route, for /perf and /metrics.
import client from 'prom-client';
import { LOAD_MAX_MS } from './beacon-fields.js';

/** Presses per page view at most (the inline counter keeps 20). */
export const MAX_EARLY_INPUTS = 20;

/**
 * @param {unknown} value the beacon's `earlyInput`
 * @returns {{ waits: number[], error?: undefined } | { error: string, waits?: undefined }}
 */
export function parseEarlyInput(value) {
  if (value === undefined) return { waits: [] };
  if (!Array.isArray(value) || value.length > MAX_EARLY_INPUTS)
    return { error: `earlyInput must be an array of at most ${MAX_EARLY_INPUTS} waits in ms` };
  for (const ms of value) {
    // A press waits at most until the page is interactive: bounded as TTI is.
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > LOAD_MAX_MS)
      return { error: `earlyInput waits must be finite numbers from 0 to ${LOAD_MAX_MS} ms` };
  }
  return { waits: [...value] };
}

/**
 * Page views per route, and how many had input before interactive.
 * @param {{ registry: import('prom-client').Registry }} options
 */
export function createEarlyInputShare({ registry }) {
  const counter = new client.Counter({
    name: 'marquee_browser_page_views_total',
    help: 'Page views that sent a beacon, by route and whether input came before the page was interactive',
    labelNames: ['route', 'early_input'],
    registers: [registry],
  });
  /** @type {Map<string, { views: number, withInput: number }>} route (a fixed set) → counts */
  const counts = new Map();
  return {
    /** @param {string} route @param {number[]} waits */
    record(route, waits) {
      const one = counts.get(route) ?? { views: 0, withInput: 0 };
      one.views += 1;
      if (waits.length > 0) one.withInput += 1;
      counts.set(route, one);
      counter.inc({ route, early_input: waits.length > 0 ? 'yes' : 'no' });
    },
    /** @returns {{ route: string, views: number, withInput: number, share: number }[]} */
    snapshot() {
      return [...counts].map(([route, { views, withInput }]) => ({
        route,
        views,
        withInput,
        share: views > 0 ? withInput / views : 0,
      }));
    },
  };
}
