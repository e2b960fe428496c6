// @ts-check
// GET /metrics in the Prometheus text format. Under node:cluster any worker
// answers for all of them (prom-client's AggregatorRegistry, via the primary).
import cluster from 'node:cluster';
import { aggregateMetrics, joinClusterMetrics } from './cluster-aggregate.js';
import { requireToken } from './require-token.js';

/**
 * @param {{ add: (method: 'get', path: string, ...handlers: import('express').RequestHandler[]) => void }} routes
 * @param {{ registry: import('prom-client').Registry, path?: string, token?: string | null }} options
 *   token: METRICS_TOKEN; when set, scrapes need `Authorization: Bearer <token>`
 */
export function mountMetrics(routes, { registry, path = '/metrics', token = null }) {
  const inCluster = cluster.isWorker && typeof process.send === 'function';
  if (inCluster) joinClusterMetrics(registry);

  routes.add('get', path, requireToken(token), async (_req, res, next) => {
    try {
      const text = inCluster ? await aggregateMetrics() : await registry.metrics();
      res.set('Content-Type', registry.contentType);
      res.set('Cache-Control', 'no-store');
      res.send(text);
    } catch (error) {
      next(error);
    }
  });
}
