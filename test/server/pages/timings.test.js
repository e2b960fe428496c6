// @ts-check
// The server timings a page reports (logged, in the page-phase histogram, and
// handed to the page for the client's beacon) start when the page handler
// starts. A page's head query goes out before its head is written (the title
// page's details, to answer a real 404/503), so that round trip counts as
// upstream time too: with a slow catalog, what the client waits for and what
// the server reports must agree.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { startApp } from '../../helpers/app.js';

// A long round trip, so that a missed one stands out from what a busy machine
// adds on its own (142 ms seen at load 15, against a 75 ms bound at 150 ms;
// 324 ms at load 17, against a 200 ms bound at 400 ms).
const LATENCY_MS = 1000;
/** Time the server cannot see (loopback, middleware before the handler): well under a round trip. */
const UNSEEN_MS = LATENCY_MS / 2;

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  // The uncached path: with the catalog graph cache on, a warm page asks the
  // catalog nothing, and this test needs pages that wait on it.
  app = await startApp({
    // A deadline well past the round trip: a page that timed out would be a 503, not a measurement.
    env: { GRAPH_CACHE_TTL_MS: '0', UPSTREAM_TIMEOUT_MS: String(LATENCY_MS * 10) },
    catalogEnv: { CATALOG_LATENCY_MS: String(LATENCY_MS), CATALOG_JITTER_MS: '0' },
  });
  // Warm up (templates, JIT, the agent's sockets) so the timed requests measure the catalog.
  await (await fetch(`${app.url}/title/the-land-girls-1998`)).text();
});
after(() => app?.close());

/**
 * @param {string} path
 * @returns {Promise<{ wall: number, timings: { upstream: number, render: number, template: number, total: number } }>}
 */
async function timedPage(path) {
  const started = performance.now();
  const res = await fetch(`${app.url}${path}`);
  assert.equal(res.status, 200);
  const html = await res.text();
  const wall = performance.now() - started;
  const json = /<script type="application\/json" id="marquee-data" nonce="[^"]+">([^<]*)<\/script>/.exec(html)?.[1];
  assert.ok(json, 'the page must end with the marquee-data script');
  return { wall, timings: JSON.parse(json).page.timings };
}

// Sequential catalog round trips of each page, uncached, for a first visit
// (the title page's details and rows go out together, and so do the home
// page's rows and their titles: test/server/upstream/rounds.test.js).
for (const [path, rounds] of /** @type {const} */ ([
  ['/title/the-land-girls-1998', 1],
  ['/', 1],
])) {
  test(`${path}: the server's timings cover what the client waits for`, async () => {
    const { wall, timings } = await timedPage(path);
    const { upstream, render, template, total } = timings;
    const report = `client ${Math.round(wall)} ms, server ${JSON.stringify(timings)}`;
    assert.ok(upstream >= rounds * LATENCY_MS - 20, `at least ${rounds} catalog round trip(s) upstream: ${report}`);
    assert.ok(total >= upstream + render, `total covers upstream and render: ${report}`);
    assert.ok(
      wall - total < UNSEEN_MS,
      `the server's total misses ${Math.round(wall - total)} ms the client waited: start the clock in the ` +
        `page handler and pass it to the renderer's writeHead (started) (${report})`,
    );
    assert.ok(
      wall - (upstream + render + template) < UNSEEN_MS,
      `upstream misses a round trip: count the head query's time in writeBody's upstreamMs (${report})`,
    );
  });
}
