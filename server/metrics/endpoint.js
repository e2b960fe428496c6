// @ts-check
// GET /metrics in the Prometheus text format. Under node:cluster any worker
// answers for all of them (prom-client's AggregatorRegistry, via the primary).
import cluster from 'node:cluster';
import { aggregateMetrics, joinClusterMetrics } from './cluster.js';

/**
 * @param {{ add: (method: 'get', path: string, handler: import('express').RequestHandler) => void }} routes
 * @param {{ registry: import('prom-client').Registry, path?: string }} options
 */
export function mountMetrics(routes, { registry, path = '/metrics' }) {
  const inCluster = cluster.isWorker && typeof process.send === 'function';
  if (inCluster) joinClusterMetrics(registry);

  routes.add('get', path, async (_req, res, next) => {
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
