// @ts-check
// The measurement a starter's app can do without, as parts: each is one line
// below, and deleting that line takes the part out of every process, the app
// (server/app.js mounts each) and the cluster primary (server/cluster-primary.js
// starts each one's side) alike. docs/starter-guide.md gives the lines, and
// test/browser/starter-guide.test.js deletes them from a copy of the tree.
// What stays without them: the registry the app's own counters write to
// (upstream pool, shedding, page phases, request durations), read by nobody.

/**
 * @typedef {object} MountContext what a part mounts with, in the app
 * @property {ReturnType<typeof import('./route-table.js').createRouteTable>} routes
 * @property {import('prom-client').Registry} registry the app's own
 * @property {import('pino').Logger} log
 * @property {import('./config/load.js').Config} config
 * @property {{ get(name: string): { head: (data: object) => string } }} templates the page shells (views/)
 *
 * @typedef {object} PrimaryContext what a part's side in the cluster primary starts with
 * @property {(registry: import('prom-client').Registry) => void} [primaryMetrics] registers
 *   the primary's own metrics (the catalog child's)
 *
 * @typedef {object} MeasurementPart
 * @property {(app: MountContext) => void} mount
 * @property {(primary: PrimaryContext) => void} [inPrimary] under node:cluster (WORKERS > 1)
 */

/** @type {readonly MeasurementPart[]} */
export const MEASUREMENT_PARTS = await Promise.all([
  import('./metrics/plug-in.js'), // GET /metrics (Prometheus), under node:cluster the sum of all workers
  import('./field-metrics/plug-in.js'), // POST /perf/beacon and the /perf dashboard: real visitors' figures
]);
