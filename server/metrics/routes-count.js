// @ts-check
// How many routes the app's router holds, nested routers' included. It must stay flat
// for the life of the process: a periodic refresh that re-registered a static
// handler grew Express's route table and added 10 ms per hour of latency
// (Netflix, "Node.js in Flames", 2014). A rising line here is that leak
// (perf/exercises/04-route-table).
import client from 'prom-client';

/**
 * @param {import('prom-client').Registry} registry
 * @param {{ readonly size: number }} routes the app's route table
 */
export function countRoutes(registry, routes) {
  return new client.Gauge({
    name: 'marquee_routes_registered',
    help: "Routes in the app's router and the routers mounted in it (must not grow while running)",
    registers: [registry],
    // Every worker registers the same table: its size, not the sum of copies.
    aggregator: 'max',
    collect() {
      this.set(routes.size);
    },
  });
}
