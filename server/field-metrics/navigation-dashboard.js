// @ts-check
// The "Navigations" section of GET /perf: per from/to route and cache state,
// p50/p75/p95 from the input to the URL, the heading painted and the page
// complete, the longest frame meanwhile, the upstream work, and a chart of
// "complete" (./navigation.js aggregates them).
import { histogramSvg, formatValue } from './svg-charts.js';

const PHASE_LABELS = Object.freeze({
  url: 'input → URL',
  heading: 'input → heading painted',
  complete: 'input → page complete',
  longestFrame: 'longest frame',
});
const CACHE_LABELS = Object.freeze({
  prefetched: 'prefetched',
  cached: 'in the cache',
  heading: 'heading from the cache',
  cold: 'nothing cached',
});

/**
 * @param {ReturnType<ReturnType<typeof import('./navigation.js').createNavigationAggregates>['snapshot']>} navigations
 */
export function navigationRows(navigations) {
  return [...navigations]
    .sort((a, b) => b.count - a.count)
    .map((n) => ({
      from: n.from,
      to: n.to,
      cache: /** @type {Record<string, string>} */ (CACHE_LABELS)[n.cache] ?? n.cache,
      count: n.count,
      triggers: Object.entries(n.triggers)
        .filter(([, count]) => count > 0)
        .map(([trigger, count]) => `${trigger} ${count}`)
        .join(' · '),
      phases: Object.entries(PHASE_LABELS).map(([phase, label]) => {
        const q = /** @type {Record<string, { p50: number, p75: number, p95: number }>} */ (n.phases)[phase];
        return { label, p50: formatValue(q.p50, 'ms'), p75: formatValue(q.p75, 'ms'), p95: formatValue(q.p95, 'ms') };
      }),
      upstream: `${n.upstreamRequests} requests, ${n.upstreamRounds} rounds`,
      chart: histogramSvg({
        ...n.complete,
        unit: 'ms',
        title: `input to page complete: ${n.from} to ${n.to}, ${n.cache}`,
      }),
    }));
}
