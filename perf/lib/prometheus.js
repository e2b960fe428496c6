// @ts-check
// Reads the app's /metrics while a load level runs: a tiny parser of the
// Prometheus text format and a sampler that keeps the figures the load table
// needs (peaks of RSS, event-loop delay and pool queueing; CPU and page-phase
// totals at the edges of the level).

/** @typedef {{ name: string, labels: Record<string, string>, value: number }} Sample */

/**
 * @param {string} text Prometheus text exposition
 * @returns {Sample[]}
 */
export function parsePrometheus(text) {
  /** @type {Sample[]} */
  const samples = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    /** @type {Record<string, string>} */
    const labels = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/**
 * The sum of every sample of `name` whose labels include `where`.
 * @param {Sample[]} samples
 * @param {string} name
 * @param {Record<string, string>} [where]
 */
export function total(samples, name, where = {}) {
  let sum = 0;
  for (const sample of samples) {
    if (sample.name !== name) continue;
    if (Object.entries(where).every(([key, value]) => sample.labels[key] === value)) sum += sample.value;
  }
  return sum;
}

/**
 * A quantile of what a histogram counted between two scrapes, as the upper
 * bound of the bucket it falls in (a histogram knows no finer), in the
 * histogram's unit; null when nothing was counted.
 * @param {Sample[]} before
 * @param {Sample[]} after
 * @param {string} name the histogram's name, without _bucket
 * @param {Record<string, string>} where labels the series must have
 * @param {number} q 0 to 1
 * @returns {number | null} Infinity: past the last finite bucket
 */
export function bucketQuantile(before, after, name, where, q) {
  /** @type {Map<number, number>} */
  const counts = new Map();
  for (const [samples, sign] of /** @type {const} */ ([
    [after, 1],
    [before, -1],
  ])) {
    for (const sample of samples) {
      if (sample.name !== `${name}_bucket`) continue;
      if (!Object.entries(where).every(([key, value]) => sample.labels[key] === value)) continue;
      const le = sample.labels.le === '+Inf' ? Infinity : Number(sample.labels.le);
      counts.set(le, (counts.get(le) ?? 0) + sign * sample.value);
    }
  }
  const bounds = [...counts.keys()].sort((a, b) => a - b);
  const all = counts.get(Infinity) ?? 0;
  if (all <= 0) return null;
  return bounds.find((le) => /** @type {number} */ (counts.get(le)) >= q * all) ?? Infinity;
}

/** @param {string} baseUrl */
export async function scrape(baseUrl) {
  const res = await fetch(new URL('/metrics', baseUrl), { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`GET /metrics answered ${res.status}`);
  return parsePrometheus(await res.text());
}

/**
 * Samples /metrics every `intervalMs` until stopped. The first scrape also
 * resets the app's event-loop delay window, so idle time before the level
 * does not count.
 * @param {string} baseUrl
 * @param {{ intervalMs?: number, route?: string }} [options]
 */
export async function startSampler(baseUrl, { intervalMs = 1000, route = '/' } = {}) {
  const first = await scrape(baseUrl);
  const peaks = {
    rssBytes: 0,
    eventLoopDelayP99: 0,
    eventLoopDelayMax: 0,
    eventLoopUtilization: 0,
    poolPending: 0,
    poolQueued: 0,
    routesRegistered: 0,
  };
  /** @param {Sample[]} s */
  const keepPeaks = (s) => {
    peaks.rssBytes = Math.max(peaks.rssBytes, total(s, 'process_resident_memory_bytes'));
    peaks.eventLoopDelayP99 = Math.max(peaks.eventLoopDelayP99, total(s, 'nodejs_eventloop_lag_p99_seconds'));
    peaks.eventLoopDelayMax = Math.max(peaks.eventLoopDelayMax, total(s, 'nodejs_eventloop_lag_max_seconds'));
    peaks.eventLoopUtilization = Math.max(peaks.eventLoopUtilization, total(s, 'nodejs_eventloop_utilization_ratio'));
    peaks.poolPending = Math.max(peaks.poolPending, total(s, 'marquee_upstream_pool_pending'));
    peaks.poolQueued = Math.max(peaks.poolQueued, total(s, 'marquee_upstream_pool_queued'));
    // Must stay flat: a route table that grows is a leak (perf/exercises/04-route-table).
    peaks.routesRegistered = Math.max(peaks.routesRegistered, total(s, 'marquee_routes_registered'));
  };
  let failures = 0;
  const timer = setInterval(() => {
    scrape(baseUrl).then(keepPeaks, () => {
      failures += 1;
    });
  }, intervalMs);

  return {
    /** Stops sampling and returns the level's figures from the app's side. */
    async stop() {
      clearInterval(timer);
      const last = await scrape(baseUrl);
      keepPeaks(last);
      /** @param {string} name @param {Record<string, string>} [where] */
      const delta = (name, where) => total(last, name, where) - total(first, name, where);
      // Cumulative figures: their change over the level.
      const counters = {
        cpuSeconds: delta('process_cpu_seconds_total'),
        upstreamCalls: delta('marquee_upstream_request_duration_seconds_count'),
        upstreamErrors: delta('marquee_upstream_errors_total'),
        // 503s the overload guard chose to send: load shed, not broken pages (page-check.js).
        shed: delta('marquee_requests_shed_total'),
      };
      /** @type {Record<string, number>} mean ms of each page phase over the level */
      const phases = {};
      for (const phase of ['upstream', 'render', 'template', 'total']) {
        const where = { route, phase };
        const count = delta('marquee_page_phase_duration_seconds_count', where);
        phases[phase] = count > 0 ? (delta('marquee_page_phase_duration_seconds_sum', where) / count) * 1000 : NaN;
      }
      // Since the app started, not over the level: a warm pool opens no socket during a level, and a
      // ratio of sockets per call needs a reference above zero.
      const lifetime = {
        upstreamConnects: total(last, 'marquee_upstream_connections_opened_total'),
        upstreamCalls: total(last, 'marquee_upstream_request_duration_seconds_count'),
      };
      // The server's own clock, from a request's arrival to its response's last byte (http.js), for the route
      // loaded: what a dashboard shows, and where a response the handler ended but the app held waits.
      const answers = delta('http_request_duration_seconds_count', { route });
      const serverMsPerRequest =
        answers > 0 ? (delta('http_request_duration_seconds_sum', { route }) / answers) * 1000 : NaN;
      return { ...peaks, ...counters, lifetime, phases, serverMsPerRequest, scrapeFailures: failures };
    },
  };
}
