// @ts-check
// Request count and duration per route TEMPLATE and status. The label is the
// pattern Express matched (`/title/:id`), never the raw URL: one label value
// per URL would grow the registry without bound, the metrics twin of a route
// table that never stops growing (Netflix, "Node.js in Flames", 2014).
import { performance } from 'node:perf_hooks';
import client from 'prom-client';

/** Seconds; dense around the 250 ms upstream the targets are measured against. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2.5, 5, 10];

/**
 * The bounded name of what answered a request.
 * @param {import('express').Request} req
 * @param {import('express').Response} res
 */
export function routeLabel(req, res) {
  if (req.route?.path) return `${req.baseUrl}${req.route.path}`;
  // express.static and other middleware answer without a route of their own.
  if (req.originalUrl.startsWith('/assets/')) return '/assets/*';
  return res.statusCode === 404 ? '(unmatched)' : '(middleware)';
}

/**
 * @param {import('prom-client').Registry} registry
 * @returns {import('express').RequestHandler}
 */
export function httpMetrics(registry) {
  const labelNames = /** @type {const} */ (['method', 'route', 'status']);
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the last byte of the response, by method, route template and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  return function recordHttpMetrics(req, res, next) {
    const started = performance.now();
    // 'close' fires for finished and aborted responses alike; an abort is
    // counted apart so a flood of impatient clients shows up as such.
    res.once('close', () => {
      const labels = {
        method: req.method,
        route: routeLabel(req, res),
        status: res.writableFinished ? String(res.statusCode) : 'aborted',
      };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - started) / 1000);
    });
    next();
  };
}
