// @ts-check
// Browser measurements in, dashboard out:
//   POST /perf/beacon        one beacon per page view (client/measure/beacon.js) and one
//                            per client-side navigation (client/nav/timing.js)
//   GET  /perf               the dashboard (inline SVG charts)
//   GET  /perf/summary.json  the same figures as JSON (tests, scripts)
// Prometheus histograms land on the app's registry, exposed by GET /metrics.
import express from 'express';
import client from 'prom-client';
import { MAX_BEACON_BYTES, parseAnyBeacon } from './beacon-schema.js';
import { createRateLimiter, rateLimit } from './rate-limit.js';
import { createPerfAggregates } from './aggregate.js';
import { perfDashboard } from './dashboard.js';
import { perfScope } from './cluster-sketches.js';
import { requireToken } from '../metrics/require-token.js';

/** sendBeacon(url, string) sends text/plain; a Blob may be typed application/json. */
const BEACON_TYPES = ['text/plain', 'application/json'];

/**
 * @param {ReturnType<typeof import('../route-table.js').createRouteTable>} routes
 * @param {{
 *   registry: import('prom-client').Registry,
 *   log: import('pino').Logger,
 *   config: import('../config/load.js').Config,
 *   templates: { get(name: string): { head: (data: object) => string } },
 * }} deps
 */
export function mountPerf(routes, { registry, log, config, templates }) {
  // Under node:cluster, beacons also go to the primary, which answers for all workers.
  const scope = perfScope(createPerfAggregates({ registry }));
  const limiter = createRateLimiter({ perMinute: config.perf.beaconRatePerMin });
  const outcomes = new client.Counter({
    name: 'marquee_perf_beacons_total',
    help: 'Beacons received on POST /perf/beacon, by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const count = (/** @type {string} */ outcome) => outcomes.inc({ outcome });

  /** @type {import('express').RequestHandler} */
  const requireBeaconType = (req, res, next) => {
    if (req.is(BEACON_TYPES)) return next();
    count('unsupported_type');
    res.status(415).json({ error: `send the beacon as ${BEACON_TYPES.join(' or ')}` });
  };

  // Parsed as text whatever the type, then validated as JSON by parseBeacon.
  // Pitfall: an unbounded body parser lets one request buffer gigabytes; the
  // limit is the browsers' own beacon cap, checked against Content-Length first.
  const parseText = express.text({ type: BEACON_TYPES, limit: MAX_BEACON_BYTES });
  /** @type {import('express').RequestHandler} */
  const readBody = (req, res, next) =>
    parseText(req, res, (error) => {
      if (!error) return next();
      const status = Number(error.status);
      if (!(status >= 400 && status < 500)) return next(error);
      count(status === 413 ? 'too_large' : 'invalid');
      res
        .status(status)
        .json({ error: status === 413 ? `beacon over ${MAX_BEACON_BYTES} bytes` : 'unreadable beacon body' });
    });

  /** @type {import('express').RequestHandler} */
  const acceptBeacon = (req, res) => {
    const result = parseAnyBeacon(req.body);
    if (!result.ok) {
      count('invalid');
      // Debug, not warn: junk beacons are expected on the open web and must not flood the log.
      log.debug({ error: result.error, ip: req.ip }, 'beacon rejected');
      res.status(400).json({ error: result.error });
      return;
    }
    scope.record(result.beacon);
    count('accepted');
    res.status(204).end();
  };

  routes.add('post', '/perf/beacon', rateLimit(limiter, count), requireBeaconType, readBody, acceptBeacon);
  // The figures are for the operator (METRICS_TOKEN); the beacon stays open,
  // since every visitor's browser sends one.
  const operatorOnly = requireToken(config.security.metricsToken);
  routes.add('get', '/perf', operatorOnly, perfDashboard({ templates, scope }));
  routes.add('get', '/perf/summary.json', operatorOnly, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await scope.snapshot());
  });
}
