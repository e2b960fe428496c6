// @ts-check
// The process itself: event-loop delay (p50, p99, max) and utilization, heap,
// RSS, GC pauses, CPU. prom-client's default metrics cover most of it on this
// app's own registry; the rest is added here.
import { performance } from 'node:perf_hooks';
import client from 'prom-client';

/** @param {import('prom-client').Registry} registry */
export function collectRuntimeMetrics(registry) {
  // Pitfall: a per-request JSON.parse(JSON.stringify(data)) deep clone made
  // a front page ten times slower and showed up first as event-loop delay
  // (Financial Times, 2018; perf/exercises/03-deep-clone). nodejs_eventloop_lag_{p50,p99,max}_seconds come
  // from perf_hooks.monitorEventLoopDelay sampled every 10 ms, and are reset
  // at each scrape: each scrape reports the window since the previous one.
  client.collectDefaultMetrics({
    register: registry,
    eventLoopMonitoringPrecision: 10,
    // GC pauses by kind (nodejs_gc_duration_seconds): young-generation
    // scavenges are sub-millisecond, a long major GC is a stall for everyone.
    gcDurationBuckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
  });

  let last = performance.eventLoopUtilization();
  new client.Gauge({
    name: 'nodejs_eventloop_utilization_ratio',
    help: 'Share of time the event loop was busy (0..1) since the previous scrape',
    registers: [registry],
    aggregator: 'average',
    collect() {
      const now = performance.eventLoopUtilization();
      this.set(performance.eventLoopUtilization(now, last).utilization);
      last = now;
    },
  });
  // A cumulative twin for rate() across scrapers that would reset each other.
  new client.Counter({
    name: 'nodejs_eventloop_active_seconds_total',
    help: 'Time the event loop spent busy (not waiting for I/O) since start',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(performance.eventLoopUtilization().active / 1000);
    },
  });
  new client.Gauge({
    name: 'marquee_process_max_rss_bytes',
    help: 'Peak resident set size of the process since start',
    registers: [registry],
    aggregator: 'max',
    collect() {
      // resourceUsage().maxRSS is in kilobytes.
      this.set(process.resourceUsage().maxRSS * 1024);
    },
  });
}
