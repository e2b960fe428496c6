// @ts-check
// The app's own view of a chaos run, read from each instance's /metrics
// (straight from the instance: through the fleet nginx answers /metrics 404):
// its pages' duration from the request parsed to the last byte, the part of
// it spent waiting for the catalog, one upstream attempt's duration (its wait
// for a pool socket included), and the most requests waiting for a pool
// socket at any sampled moment, and per instance: pages served per second and
// the share of a core its process used. A client's wait beyond the app's was spent
// before the app read the request: in nginx, socket buffers or the generator.
import { bucketQuantile, scrape, total } from '../lib/prometheus.js';

const SAMPLE_EVERY_MS = 500;

/** @typedef {import('../lib/prometheus.js').Sample} Sample */

/**
 * @param {string[]} urls each instance's own address
 * @param {string} path the page the load asks for (its route label)
 */
export async function watchApp(urls, path) {
  const scrapeAll = async () => {
    const all = await Promise.all(urls.map((url) => scrape(url).catch(() => null)));
    return all.every(Boolean) ? /** @type {Sample[][]} */ (all).flat() : null;
  };
  const before = await scrapeAll();
  const startedAt = performance.now();
  let peakPending = 0;
  let sampling = true;
  // Sequential, never overlapping: a slow scrape under a flood must not pile up.
  const sampler = (async () => {
    while (sampling) {
      const samples = await scrapeAll();
      if (samples) peakPending = Math.max(peakPending, total(samples, 'marquee_upstream_pool_pending'));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })();
  return {
    /** Stops sampling; the app's figures between the start and now (null where a scrape failed). */
    async stop() {
      sampling = false;
      await sampler;
      const after = before && (await scrapeAll());
      const wallS = (performance.now() - startedAt) / 1000;
      /** @param {string} name @param {Record<string, string>} [where] */
      const delta = (name, where) => (before && after ? total(after, name, where) - total(before, name, where) : NaN);
      // Every answer's CPU, per page served: whether an instance is busy (near one core) or starved.
      const cpuS = delta('process_cpu_seconds_total');
      const served = delta('http_requests_total', { method: 'GET', route: path, status: '200' });
      /** @param {string} name @param {Record<string, string>} where @param {number} q */
      const ms = (name, where, q) => {
        if (!before || !after) return null;
        const seconds = bucketQuantile(before, after, name, where, q);
        return seconds === null ? null : seconds === Infinity ? Infinity : Math.round(seconds * 1000);
      };
      const page = { method: 'GET', route: path, status: '200' };
      const upstream = { route: path, phase: 'upstream' };
      const attempt = { outcome: 'ok' };
      return {
        appP50Ms: ms('http_request_duration_seconds', page, 0.5),
        appP99Ms: ms('http_request_duration_seconds', page, 0.99),
        upstreamP50Ms: ms('marquee_page_phase_duration_seconds', upstream, 0.5),
        upstreamP99Ms: ms('marquee_page_phase_duration_seconds', upstream, 0.99),
        attemptP99Ms: ms('marquee_upstream_request_duration_seconds', attempt, 0.99),
        peakPoolPending: before && after ? peakPending : null,
        servedPerS: Number.isFinite(served) ? Math.round((served / wallS / urls.length) * 10) / 10 : null,
        cpuBusy: Number.isFinite(cpuS) ? Math.round((cpuS / wallS / urls.length) * 100) / 100 : null,
      };
    },
  };
}
