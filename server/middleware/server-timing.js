// @ts-check
// A Server-Timing header on every response that is not streamed (JSON,
// /model.json, health checks, error pages), so the browser's devtools and
// the Resource Timing API show where the server spent its time:
//   Server-Timing: upstream;dur=251.3, total;dur=253.9
// Handlers add phases to res.locals.timings (milliseconds). A streamed page
// has sent its headers before its work is done, so it carries its timings
// in the page data instead (server/render/stream-page.js).
import { performance } from 'node:perf_hooks';

/** @returns {import('express').RequestHandler} */
export function serverTiming() {
  return function addServerTiming(_req, res, next) {
    const started = performance.now();
    const { write, end } = res;
    let streamed = false;
    // Anything written before end() means the headers went out with it.
    res.write = /** @type {typeof res.write} */ (
      function (/** @type {any[]} */ ...args) {
        streamed = true;
        return write.apply(this, args);
      }
    );
    res.end = /** @type {typeof res.end} */ (
      function (/** @type {any[]} */ ...args) {
        if (!streamed && !res.headersSent)
          res.setHeader('Server-Timing', formatServerTiming(res.locals.timings, performance.now() - started));
        return end.apply(this, args);
      }
    );
    next();
  };
}

/**
 * @param {Record<string, number> | undefined} phases milliseconds, by phase name
 * @param {number} totalMs
 */
export function formatServerTiming(phases, totalMs) {
  const entries = Object.entries(phases ?? {}).filter(
    ([name, ms]) => name !== 'total' && /^[a-z][a-z0-9-]*$/i.test(name) && Number.isFinite(ms),
  );
  entries.push(['total', totalMs]);
  return entries.map(([name, ms]) => `${name};dur=${Math.round(ms * 10) / 10}`).join(', ');
}
