// @ts-check
// The "Navigations" section of GET /perf: per from/to route and cache state,
// p50/p75/p95 from the input to the URL, the heading painted and the page
// complete, the longest frame meanwhile, the upstream work, and a chart of
// "complete" (./navigation.js aggregates them); beside them, the same
// navigations as the browser reported them where it does (./soft-navigation.js).
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

/** The browser's figures (PerformanceSoftNavigation), from its own start but for `start`. */
const SOFT_PHASE_LABELS = Object.freeze({
  fcp: 'its start → first contentful paint',
  lcp: 'its start → largest contentful paint',
  start: 'its start − our input',
});

/**
 * @param {ReturnType<ReturnType<typeof import('./navigation.js').createNavigationAggregates>['snapshot']>} navigations
 * @param {ReturnType<ReturnType<typeof import('./soft-navigation.js').createSoftNavigationAggregates>['snapshot']>} [soft]
 */
export function navigationRows(navigations, soft = []) {
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
      browser: browserRows(soft.find((b) => b.from === n.from && b.to === n.to && b.cache === n.cache)),
      upstream: `${n.upstreamRequests} requests, ${n.upstreamRounds} rounds`,
      chart: histogramSvg({
        ...n.complete,
        unit: 'ms',
        title: `input to page complete: ${n.from} to ${n.to}, ${n.cache}`,
      }),
    }));
}

/**
 * @param {ReturnType<ReturnType<typeof import('./soft-navigation.js').createSoftNavigationAggregates>['snapshot']>[number] | undefined} group
 */
function browserRows(group) {
  if (!group) return { count: 0, phases: [] };
  return {
    count: group.count,
    phases: Object.entries(SOFT_PHASE_LABELS).flatMap(([phase, label]) => {
      const q = /** @type {Record<string, { p50: number, p75: number, p95: number } | null>} */ (group.phases)[phase];
      return q
        ? [{ label, p50: formatValue(q.p50, 'ms'), p75: formatValue(q.p75, 'ms'), p95: formatValue(q.p95, 'ms') }]
        : [];
    }),
  };
}
