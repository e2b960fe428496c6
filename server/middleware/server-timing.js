// @ts-check
// A Server-Timing header on every response that is not streamed (JSON,
// /model.json, health checks, error pages), so the browser's devtools and
// the Resource Timing API show where the server spent its time:
//   Server-Timing: upstream;dur=251.3, total;dur=253.9
// Handlers add phases to res.locals.timings (milliseconds), and the upstream
// calls they waited for to res.locals.upstream: how many, in how many
// sequential rounds, and each round's time:
//   upstream-requests;desc=3, upstream-rounds;desc=2, round-1;dur=250.2;desc="2 requests", round-2;dur=251.0;desc="1 request"
// A streamed page has sent its headers before its work is done, so it sends
// the same as an HTTP trailer, and its timings in the page data too
// (server/render/stream-page.js).
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
        return write.apply(this, /** @type {Parameters<typeof write>} */ (args));
      }
    );
    res.end = /** @type {typeof res.end} */ (
      function (/** @type {any[]} */ ...args) {
        if (!streamed && !res.headersSent)
          res.setHeader(
            'Server-Timing',
            formatServerTiming(res.locals.timings, performance.now() - started, res.locals.upstream),
          );
        return end.apply(this, /** @type {Parameters<typeof end>} */ (args));
      }
    );
    next();
  };
}

/**
 * @param {Record<string, number> | undefined} phases milliseconds, by phase name
 * @param {number} totalMs
 * @param {import('../upstream/trace.js').TraceSummary} [upstream] the upstream calls waited for
 */
export function formatServerTiming(phases, totalMs, upstream) {
  const entries = Object.entries(phases ?? {}).filter(
    ([name, ms]) => name !== 'total' && /^[a-z][a-z0-9-]*$/i.test(name) && Number.isFinite(ms),
  );
  entries.push(['total', totalMs]);
  const timed = entries.map(([name, ms]) => `${name};dur=${round(ms)}`);
  return (upstream ? [...timed, ...formatRounds(upstream)] : timed).join(', ');
}

/**
 * @param {import('../upstream/trace.js').TraceSummary} upstream
 * @returns {string[]} Server-Timing entries
 */
function formatRounds({ requests, rounds }) {
  return [
    `upstream-requests;desc=${requests}`,
    `upstream-rounds;desc=${rounds.length}`,
    ...rounds.map(
      (r, i) => `round-${i + 1};dur=${round(r.ms)};desc="${r.requests} request${r.requests === 1 ? '' : 's'}"`,
    ),
  ];
}

/** @param {number} ms */
function round(ms) {
  return Math.round(ms * 10) / 10;
}
