// @ts-check
// The chaos load generator, in its own process (as perf:load's): `connections`
// virtual users, each sending one request at a time over a keep-alive agent,
// reading every answer whole and judging it the way a visitor would: did it
// come at all, did the page end with </html>, did it show any card. Unlike
// autocannon it keeps the body, which is what a truncated or blank page needs.
// Usage (by perf/chaos/load.js): node load-child.js '<json options>'
// Messages in: { type: 'mark' } (snapshot the requests in flight), { type: 'stop' }.
// Messages out: { type: 'done', result }.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const options = JSON.parse(process.argv[2] ?? '{}');
const { url, connections, keepAlive = true, timeoutMs = 10_000, sampleEvery = 4, maxSeconds = 120 } = options;
/** After a failure, a user waits this long: a refused connection must not become a busy loop. */
const PAUSE_AFTER_ERROR_MS = 50;
/** After a 503, a user waits as Retry-After asks, up to this: a visitor does not reload in a tight loop. */
const MAX_RETRY_AFTER_MS = 2000;
const CARD = 'class="card"';

const agent = new http.Agent({ keepAlive, maxSockets: connections });
const counts = { sent: 0, completed: 0, failed: 0, refused: 0, truncated: 0, sampled: 0, blank: 0, timeouts: 0 };
/** @type {Record<string, number>} */
const statuses = {};
/** @type {Record<string, number>} */
const errors = {};
/** @type {number[]} latency of each complete 200 answer, ms */
const latencies = [];
/** Requests in flight at the last mark, and what became of them. */
let marked = /** @type {Set<number> | null} */ (null);
const markedOutcome = { inFlight: 0, complete: 0, truncated: 0, failed: 0 };
const inFlight = new Set();
let nextId = 0;
let stopped = false;
let pagesSeen = 0;
// The generator's own lag: a starved generator reads answers late and adds
// that to every latency it reports, which no server-side figure shows.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

/**
 * One request, read to its end (or its failure).
 * @returns {Promise<number>} how long the user should wait before its next request, ms
 */
function once() {
  const id = nextId++;
  inFlight.add(id);
  counts.sent += 1;
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    let pauseMs = 0;
    /** @param {'complete' | 'truncated' | 'failed' | 'refused'} outcome @param {string} [code] */
    const settle = (outcome, code) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      inFlight.delete(id);
      if (code) errors[code] = (errors[code] ?? 0) + 1;
      if (outcome === 'refused') counts.refused += 1;
      if (outcome === 'failed' || outcome === 'truncated') counts.failed += 1;
      if (outcome === 'truncated') counts.truncated += 1;
      if (outcome === 'complete') counts.completed += 1;
      if (marked?.has(id)) {
        if (outcome === 'complete') markedOutcome.complete += 1;
        else if (outcome === 'truncated') markedOutcome.truncated += 1;
        else markedOutcome.failed += 1;
      }
      resolve(outcome === 'complete' ? pauseMs : PAUSE_AFTER_ERROR_MS);
    };
    const req = http.get(url, { agent }, (res) => {
      const status = res.statusCode ?? 0;
      statuses[status] = (statuses[status] ?? 0) + 1;
      const isPage = status === 200 && String(res.headers['content-type']).startsWith('text/html');
      if (status === 503) pauseMs = Math.min(MAX_RETRY_AFTER_MS, Number(res.headers['retry-after'] ?? 1) * 1000 || 0);
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        if (isPage) body += chunk;
      });
      res.on('end', () => {
        if (isPage && !body.includes('</html>')) return settle('truncated', 'no </html>');
        if (status === 200) latencies.push(Math.round((performance.now() - started) * 10) / 10);
        if (isPage && pagesSeen++ % sampleEvery === 0) {
          counts.sampled += 1;
          if (!body.includes(CARD)) counts.blank += 1;
        }
        settle('complete');
      });
      // Cut after the headers: a page without its end, or a JSON answer without its.
      res.on('aborted', () => settle(isPage ? 'truncated' : 'failed', 'cut mid-body'));
      res.on('error', () => settle(isPage ? 'truncated' : 'failed', 'cut mid-body'));
      res.on('close', () => settle(isPage && !res.complete ? 'truncated' : 'failed', 'cut mid-body'));
    });
    const timer = setTimeout(() => {
      counts.timeouts += 1;
      req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' }));
    }, timeoutMs);
    req.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      const code = error.code ?? 'ERROR';
      settle(code === 'ECONNREFUSED' ? 'refused' : 'failed', code);
    });
  });
}

async function user() {
  while (!stopped) {
    const pauseMs = await once();
    if (pauseMs > 0 && !stopped) await new Promise((r) => setTimeout(r, pauseMs));
  }
}

process.on('message', (/** @type {{ type: string }} */ message) => {
  if (message.type === 'mark') {
    marked = new Set(inFlight);
    markedOutcome.inFlight = marked.size;
  }
  if (message.type === 'stop') stopped = true;
});
process.on('disconnect', () => {
  stopped = true;
});
// Never run for ever, whatever the parent does.
setTimeout(() => {
  stopped = true;
}, maxSeconds * 1000).unref();

await Promise.all(Array.from({ length: connections }, user));
agent.destroy();
loopDelay.disable();
const generatorLagMs = {
  p99: Math.round(loopDelay.percentile(99) / 1e5) / 10,
  max: Math.round(loopDelay.max / 1e5) / 10,
};
process.send?.(
  {
    type: 'done',
    result: { ...counts, statuses, errors, latencies, generatorLagMs, marked: marked ? markedOutcome : null },
  },
  () => process.exit(0),
);
