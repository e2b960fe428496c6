// @ts-check
// The process-wide catalog graph cache: how often pages had to ask the
// catalog through it, its refreshes, and the stale values it kept serving
// because the catalog failed (stale-on-error is a degraded state: alert on it).
import client from 'prom-client';

const HELP = {
  sourceRequests: 'Router passes the catalog graph cache made to fill what pages asked and it lacked',
  refreshed: 'Refreshes of the catalog graph cache that reached the catalog',
  refreshFailed: 'Refreshes of the catalog graph cache that failed as a whole (every value kept)',
  staleKept: 'Values the catalog failed to refresh, kept and served stale',
};

/**
 * @param {import('prom-client').Registry} registry
 * @returns {(event: keyof typeof HELP, count: number) => void} the shared graph's onStats
 */
export function createGraphCacheMetrics(registry) {
  const counters = Object.fromEntries(
    Object.entries(HELP).map(([event, help]) => [
      event,
      new client.Counter({
        name: `marquee_graph_cache_${event.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_total`,
        help,
        registers: [registry],
      }),
    ]),
  );
  return (event, count) => counters[event]?.inc(count);
}
