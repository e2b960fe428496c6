// @ts-check
// Per-phase server timings of each rendered page (upstream wait, React render,
// templating, total), one histogram family with the phase as a label, so a
// slow page says which step made it slow. Fed by stream-page's onTimings.
import client from 'prom-client';
import { LATENCY_BUCKETS } from './http.js';

export const PAGE_PHASES = /** @type {const} */ (['upstream', 'render', 'template', 'total']);

/**
 * @param {import('prom-client').Registry} registry
 * @returns {{ observe: (route: string, timings: Record<string, number>) => void }}
 */
export function createPageTimings(registry) {
  const phases = new client.Histogram({
    name: 'marquee_page_phase_duration_seconds',
    help: 'Server time of each phase of a rendered page (upstream, render, template, total), by route template',
    labelNames: ['route', 'phase'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  return {
    /** @param {string} route a route template, e.g. '/' or '/title/:id' @param {Record<string, number>} timings milliseconds */
    observe(route, timings) {
      for (const phase of PAGE_PHASES) {
        const ms = timings[phase];
        if (Number.isFinite(ms)) phases.observe({ route, phase }, ms / 1000);
      }
    },
  };
}
