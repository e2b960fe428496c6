// @ts-check
// The catalog child the app started (no CATALOG_URL): whether it runs, and
// how often it had to be started again (server/catalog-supervisor.js). A
// restart count that rises is a catalog that crashes; pages meanwhile are
// served from the graph cache or degraded (marquee_page_degraded_total).
import client from 'prom-client';

/**
 * @param {import('prom-client').Registry} registry
 * @param {{ readonly restarts: number, readonly up: boolean }} supervisor
 */
export function watchCatalogProcess(registry, supervisor) {
  let counted = 0;
  new client.Counter({
    name: 'marquee_catalog_restarts_total',
    help: 'Times the catalog child process died and was started again by the app',
    registers: [registry],
    collect() {
      // The supervisor counts; this counter catches up at each scrape.
      this.inc(supervisor.restarts - counted);
      counted = supervisor.restarts;
    },
  });
  new client.Gauge({
    name: 'marquee_catalog_up',
    help: 'Whether the catalog child process started by the app runs (1) or is waiting to be started again (0)',
    registers: [registry],
    collect() {
      this.set(supervisor.up ? 1 : 0);
    },
  });
}
