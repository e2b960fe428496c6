// @ts-check
// One structured log line per request (pino-http): method, URL, status, route
// template, total time and, where a handler measured them, the same phase
// timings the metrics and the Server-Timing header carry. Quiet in tests
// because NODE_ENV=test makes LOG_LEVEL default to silent (server/config/load.js).
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import { routeLabel } from '../metrics/http.js';

// Probes and scrapes arrive every few seconds and say nothing about visitors.
const NOT_LOGGED = new Set(['/metrics', '/healthz', '/readyz']);

/**
 * @param {import('pino').Logger} log
 * @returns {import('express').RequestHandler}
 */
export function requestLog(log) {
  const middleware = pinoHttp({
    logger: log,
    // An id unique across workers and restarts (pino-http's own counts 1, 2, 3 per
    // process): a page hands it to its beacon (#marquee-data), so a slow figure on
    // /perf leads to this line (docs/measuring-tti.md); X-Request-Id shows it too.
    genReqId: (_req, res) => {
      const id = randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // Headers and cookies stay out of the log: they cost bytes on every line
    // and carry the visitor's identity.
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => NOT_LOGGED.has(req.url ?? '') },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500
        ? 'error'
        : /** @type {import('express').Response} */ (res).locals?.degraded
          ? 'warn'
          : 'info',
    customSuccessObject: (req, res, value) => ({
      ...value,
      route: routeLabel(
        /** @type {import('express').Request} */ (req),
        /** @type {import('express').Response} */ (res),
      ),
      timings: /** @type {import('express').Response} */ (res).locals?.timings,
      // A 200 sent without all its data (server/pages/degraded.js): a warning, not a success.
      degraded: /** @type {import('express').Response} */ (res).locals?.degraded,
      upstream: /** @type {import('express').Response} */ (res).locals?.upstream,
    }),
  });
  return /** @type {import('express').RequestHandler} */ (/** @type {unknown} */ (middleware));
}
