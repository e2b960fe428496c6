// @ts-check
// One concurrency level against one app: the generator's view (autocannon in
// its own process) and the server's view (/metrics sampled meanwhile), then
// the merged figures of one or more such runs (alternating A/B runs of the
// same level are merged before they are compared), and whether the pages
// served were whole (perf/lib/page-check.js).
import { runCannon, percentile } from '../lib/cannon.js';
import { startSampler } from '../lib/prometheus.js';
import { brokenSamples, levelFailures } from '../lib/page-check.js';
import { sampleSocketQueues } from '../lib/socket-queues.js';
import { processSchedMs } from '../lib/process-cpu.js';
import { roundTo as round } from '../lib/stats.js';
import { GENERATOR_BUSY, tailOf } from './tail.js';

/**
 * @typedef {Awaited<ReturnType<typeof measureRun>>} MeasuredRun
 * @typedef {Omit<MeasuredRun, 'expectedCards' | 'queues' | 'app'> & Partial<Pick<MeasuredRun, 'expectedCards' | 'queues' | 'app'>>} Run
 * @typedef {ReturnType<typeof summarize>} Level
 */

/**
 * @param {{
 *   url: string, path: string, concurrency: number, duration: number, cpus: string | null,
 *   scrapeMetrics: boolean, onTick?: (tick: { second: number, requests: number }) => void, cookies?: string[],
 *   expectedCards?: number, pid?: number,
 * }} options expectedCards: the cards of the healthy page (0: not a card page, statuses only);
 *   pid: the app's process (started here), whose time waiting for its core is read from the kernel
 */
export async function measureRun({
  url,
  path,
  concurrency,
  duration,
  cpus,
  scrapeMetrics,
  onTick,
  cookies,
  expectedCards = 0,
  pid,
}) {
  const sampler = scrapeMetrics ? await startSampler(url, { route: path }) : null;
  // Where a request can wait outside the app's timings: only for an app on this machine.
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  const sockets = local ? sampleSocketQueues(Number(new URL(url).port)) : null;
  const schedBefore = pid ? processSchedMs(pid) : null;
  const wallBefore = performance.now();
  const cannon = await runCannon({
    url: new URL(path, url).href,
    connections: concurrency,
    duration,
    cpus,
    onTick,
    cookies,
  });
  const schedAfter = pid ? processSchedMs(pid) : null;
  const app =
    schedBefore && schedAfter
      ? { waitMs: schedAfter.waitMs - schedBefore.waitMs, wallMs: performance.now() - wallBefore }
      : null;
  const queues = sockets?.stop() ?? null;
  const server = sampler ? await sampler.stop() : null;
  return { cannon, server, expectedCards, queues, app };
}

/**
 * @param {number} concurrency
 * @param {Run[]} runs
 */
export function summarize(concurrency, runs) {
  const latencies = runs.flatMap((r) => r.cannon.latencies).sort((a, b) => a - b);
  const firstBytes = runs.flatMap((r) => r.cannon.firstBytes).sort((a, b) => a - b);
  const sum = (/** @type {(run: Run) => number} */ pick) => runs.reduce((acc, run) => acc + (pick(run) || 0), 0);
  const max = (/** @type {(run: Run) => number} */ pick) => Math.max(...runs.map((run) => pick(run) ?? NaN));
  const seconds = sum((r) => r.cannon.durationS);
  const requests = sum((r) => r.cannon.requests);
  const generatorCpu = sum((r) => r.cannon.generatorCpuMs) / sum((r) => r.cannon.generatorWallMs);
  const steady = runs.flatMap((r) => r.cannon.steadyLatencies ?? []).sort((a, b) => a - b);
  const server = runs.every((r) => r.server);
  const upstreamCalls = sum((r) => r.server?.upstreamCalls ?? 0);
  const phase = (/** @type {string} */ name) => weightedByRequests(runs, (r) => r.server?.phases[name]);
  const samples = runs.flatMap((r) => r.cannon.samples ?? []);
  const expectedCards = Math.max(0, ...runs.map((r) => r.expectedCards ?? 0));
  const htmlCards = samples.filter((s) => s.html).map((s) => s.cards);
  /** @type {Record<string, number>} */
  const statusCodes = {};
  for (const run of runs)
    for (const [code, stat] of Object.entries(run.cannon.statusCodes ?? {}))
      statusCodes[code] = (statusCodes[code] ?? 0) + stat.count;
  const content = {
    statusCodes,
    pagesSampled: samples.length,
    pagesBroken: brokenSamples(samples, expectedCards).length,
    cardsMin: htmlCards.length > 0 ? Math.min(...htmlCards) : null,
    expectedCards,
  };
  const pages = Object.entries(statusCodes)
    .filter(([code]) => code.startsWith('2'))
    .reduce((n, [, count]) => n + count, 0);
  const upstreamErrors = server ? sum((r) => r.server?.upstreamErrors ?? 0) : null;
  const shed = server ? sum((r) => r.server?.shed ?? 0) : null;
  return {
    concurrency,
    durationS: round(seconds, 1),
    requests,
    rps: round(requests / seconds, 1),
    // Whole pages (2xx) per second: what rps means once some answers are 503s.
    okRps: Object.keys(statusCodes).length > 0 ? round(pages / seconds, 1) : round(requests / seconds, 1),
    p50: round(percentile(latencies, 50), 1),
    p90: round(percentile(latencies, 90), 1),
    p99: round(percentile(latencies, 99), 1),
    max: round(latencies.at(-1) ?? NaN, 1),
    // autocannon counts a timeout as an error too (lib/run.js: errors++ and
    // timeouts++): keep the columns disjoint, errors being the rest.
    errors: sum((r) => r.cannon.errors - r.cannon.timeouts),
    timeouts: sum((r) => r.cannon.timeouts),
    non2xx: sum((r) => r.cannon.non2xx),
    firstByteP50: round(percentile(firstBytes, 50), 1),
    firstByteP99: round(percentile(firstBytes, 99), 1),
    cpuMsPerRequest: server ? round((sum((r) => r.server?.cpuSeconds ?? 0) * 1000) / requests, 2) : null,
    peakRssMb: server ? round(max((r) => r.server?.rssBytes ?? NaN) / 2 ** 20, 1) : null,
    eventLoopDelayP99Ms: server ? round(max((r) => r.server?.eventLoopDelayP99 ?? NaN) * 1000, 1) : null,
    eventLoopDelayMaxMs: server ? round(max((r) => r.server?.eventLoopDelayMax ?? NaN) * 1000, 1) : null,
    eventLoopUtilization: server
      ? round(
          max((r) => r.server?.eventLoopUtilization ?? NaN),
          2,
        )
      : null,
    poolPendingMax: server ? max((r) => r.server?.poolPending ?? NaN) : null,
    poolQueuedMax: server ? max((r) => r.server?.poolQueued ?? NaN) : null,
    upstreamCallsPerRequest: server ? round(upstreamCalls / requests, 2) : null,
    serverMsPerRequest: server
      ? round(
          weightedByRequests(runs, (r) => r.server?.serverMsPerRequest),
          2,
        )
      : null,
    // The app's whole life (its latest scrape): one socket per call is a handshake per call over HTTPS.
    upstreamConnectsPerCall: server ? connectsPerCall(runs.at(-1)?.server?.lifetime) : null,
    upstreamErrors,
    shed,
    routesRegistered: server ? max((r) => r.server?.routesRegistered ?? NaN) : null,
    pageUpstreamMs: server ? round(phase('upstream'), 1) : null,
    pageRenderMs: server ? round(phase('render'), 1) : null,
    pageTemplateMs: server ? round(phase('template'), 1) : null,
    generatorCpu: round(generatorCpu, 2),
    generatorLimited: generatorCpu > GENERATOR_BUSY,
    tail: tailOf(runs, { steady, p50: percentile(latencies, 50), p99: percentile(latencies, 99), generatorCpu }),
    bytesPerRequest: requests > 0 ? Math.round(sum((r) => r.cannon.bytes ?? 0) / requests) : null,
    // Each run on its own, in order: drift within a level (a table that grows) shows here.
    runs: runs.map((r) => ({
      rps: round(r.cannon.requests / r.cannon.durationS, 1),
      p50: round(percentile(sorted(r.cannon.latencies), 50), 1),
    })),
    ...content,
    // Whole pages or not: reasons this level failed, none when it did not.
    failures: levelFailures({
      errors: sum((r) => r.cannon.errors - r.cannon.timeouts),
      timeouts: sum((r) => r.cannon.timeouts),
      non2xx: sum((r) => r.cannon.non2xx),
      upstreamErrors,
      shed,
      ...content,
    }),
  };
}

/**
 * Mean of a per-request figure of the app's (a page phase, its time per answer) over all runs, weighted
 * by each run's requests.
 * @param {Run[]} runs @param {(run: Run) => number | undefined} pick
 */
function weightedByRequests(runs, pick) {
  let weighted = 0;
  let weight = 0;
  for (const run of runs) {
    const ms = pick(run);
    if (ms === undefined || Number.isNaN(ms)) continue;
    weighted += ms * run.cannon.requests;
    weight += run.cannon.requests;
  }
  return weight > 0 ? weighted / weight : NaN;
}

/** @param {number[]} values @returns {number[]} a sorted copy */
function sorted(values) {
  return [...values].sort((a, b) => a - b);
}

/**
 * New upstream sockets per upstream call since the app started: about 0 for a pool kept alive, 1 for a
 * socket per call.
 * @param {{ upstreamConnects: number, upstreamCalls: number } | undefined} lifetime
 */
function connectsPerCall(lifetime) {
  return lifetime && lifetime.upstreamCalls > 0 ? round(lifetime.upstreamConnects / lifetime.upstreamCalls, 3) : null;
}
