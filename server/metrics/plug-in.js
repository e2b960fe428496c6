// @ts-check
// Prometheus as a part of the app (one line of server/measurement.js): GET /metrics,
// the process's own figures only a scrape reads (event-loop delay, heap, GC, the
// route count) and, under node:cluster, the primary that sums the workers' (ADR 006).
// The app's own counters (upstream pool, shedding, page phases, request
// durations) write to its registry whether or not this part is in.
import client from 'prom-client';
import { mountMetrics } from './endpoint.js';
import { collectRuntimeMetrics } from './runtime.js';
import { countRoutes } from './routes-count.js';
import { serveAggregateFromPrimary } from './cluster-aggregate.js';

/** @param {import('../measurement.js').MountContext} app */
export function mount({ routes, registry, config }) {
  collectRuntimeMetrics(registry);
  // Prometheus text; under node:cluster, the aggregate of all workers.
  mountMetrics(routes, { registry, token: config.security.metricsToken });
  countRoutes(registry, routes);
}

/** @param {import('../measurement.js').PrimaryContext} primary */
export function inPrimary({ primaryMetrics }) {
  // The primary serves nothing itself: its own metrics (the catalog child's) join the workers' sum.
  const own = new client.Registry();
  primaryMetrics?.(own);
  serveAggregateFromPrimary(own);
}
