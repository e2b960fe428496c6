// @ts-check
// The load generator, in its own process so that it never shares an event
// loop with the server it measures. Runs one autocannon level, reports
// progress each second and, at the end, the figures plus every latency and
// first-byte sample (so that alternating runs can be merged exactly), its
// own CPU time and the time it waited for a core (to tell when the
// generator, not the server, was the limit), the first wave apart (below) and
// a sample of what the pages held, about once a second (perf/lib/page-check.js).
// Usage (by perf/lib/cannon.js): node cannon-child.js '<json options>'
import autocannon from 'autocannon';
import { contentOf } from './page-check.js';
import { processSchedMs } from './process-cpu.js';

const options = JSON.parse(process.argv[2] ?? '{}');
const send = (/** @type {object} */ message, /** @type {() => void} */ then = () => {}) =>
  process.send?.(message, then);

/** @type {number[]} */
const latencies = [];
/** @type {number[]} when each of `latencies` was sent, ms since the start */
const sentAts = [];
/** @type {number[]} */
const firstBytes = [];
// The first wave: every connection opens and sends at the same instant, a
// burst no steady state has (a closed loop's coordinated start). It ends
// when the last connection has its first answer; what was sent after it is
// the steady state, reported beside the whole level's figures.
let firstWaveEndMs = 0;
let firstWaveMaxMs = 0;
/** @type {{ status: number, html: boolean, cards: number }[]} what sampled answers held */
const samples = [];
const SAMPLE_EVERY_MS = 1000;
let sampledAt = -Infinity;
let lastStatus = 0;

let clients = 0;
const cpuBefore = process.cpuUsage();
const schedBefore = processSchedMs(process.pid);
const wallBefore = performance.now();

const instance = autocannon(
  {
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    timeout: options.timeoutS ?? 10,
    headers: options.headers ?? {},
    // First-byte time: from writing a request to its response headers. With
    // no pipelining each client has one request in flight at a time.
    setupClient(client) {
      // Returning visitors (perf/lib/visitors.js): each connection is one of them.
      if (options.cookies?.length) {
        client.setHeaders({ ...options.headers, cookie: options.cookies[clients++ % options.cookies.length] });
      }
      let sentAt = 0;
      let answered = false;
      client.on('request', () => {
        sentAt = performance.now();
      });
      // Pages only, as autocannon's own histogram: a fast 503 (load shed) or
      // 500 is counted by status, and must not pass for a fast page.
      client.on('headers', (/** @type {{ statusCode: number }} */ { statusCode }) => {
        if (statusCode >= 200 && statusCode < 300) firstBytes.push(performance.now() - sentAt);
      });
      client.on('response', (status, _bytes, ms) => {
        if (status >= 200 && status < 300) {
          latencies.push(ms);
          sentAts.push(sentAt - wallBefore);
        }
        if (!answered) {
          answered = true;
          firstWaveEndMs = Math.max(firstWaveEndMs, performance.now() - wallBefore);
          firstWaveMaxMs = Math.max(firstWaveMaxMs, ms);
        }
        // verifyBody below runs right after this, for the same answer.
        lastStatus = status;
      });
    },
    // Not a check that fails requests: a look at about one answer a second
    // (autocannon keeps every body anyway), so a page served fast but empty
    // is seen. Always true: mismatches are judged by the runner.
    verifyBody(body) {
      const now = performance.now();
      if (now - sampledAt >= SAMPLE_EVERY_MS) {
        sampledAt = now;
        samples.push({ status: lastStatus, ...contentOf(String(body)) });
      }
      return true;
    },
  },
  (error, result) => {
    if (error) {
      send({ type: 'error', message: error.message }, () => process.exit(1));
      return;
    }
    const cpu = process.cpuUsage(cpuBefore);
    const wallMs = performance.now() - wallBefore;
    const sched = processSchedMs(process.pid);
    const steadyLatencies = latencies.filter((_, i) => sentAts[i] >= firstWaveEndMs);
    send(
      {
        type: 'done',
        result: {
          durationS: result.duration,
          requests: result.requests.total,
          // Every failed request, timeouts included (autocannon counts both);
          // summarize() in level.js reports errors other than timeouts.
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          statusCodes: result.statusCodeStats,
          bytes: result.throughput.total,
        },
        latencies: latencies.map(round),
        steadyLatencies: steadyLatencies.map(round),
        firstWave: { endMs: round(firstWaveEndMs), maxMs: round(firstWaveMaxMs) },
        firstBytes: firstBytes.map(round),
        samples,
        generator: {
          cpuMs: (cpu.user + cpu.system) / 1000,
          wallMs,
          waitMs: sched && schedBefore ? sched.waitMs - schedBefore.waitMs : null,
        },
      },
      () => process.exit(0),
    );
  },
);

let second = 0;
instance.on('tick', ({ counter }) => {
  second += 1;
  if (second <= options.duration) send({ type: 'tick', second, requests: counter });
});
process.on('disconnect', () => instance.stop());

/** @param {number} ms */
function round(ms) {
  return Math.round(ms * 100) / 100;
}
