// @ts-check
// Where one home page's CPU goes, step by step, in one process: its data (the
// Falcor router over the real catalog, through the real pool), React's render
// two ways, and the serialized cache. Each step runs --pages times in a row and
// is timed with process.cpuUsage, so steps compare within one run.
// Then each page's upstream requests and sequential rounds, as its
// Server-Timing trailer reports them, against a catalog at --latency-ms
// (± --jitter-ms), graph cache on and off, --runs times each (medians).
//   npm run perf:page -- [--pages 500] [--atf-rows 3] [--latency-ms 250] [--jitter-ms 25] [--runs 5]
// The catalog runs in its own process at 0 ms (its CPU is not counted), on the
// other core when taskset is there.
import { Writable } from 'node:stream';
import { createElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { startCatalog } from '../../deploy/lib/processes.js';
import { planCpus } from '../lib/cpus.js';
import { pinProcess } from '../../deploy/lib/pin-process.js';
import { createUpstream, createCatalogClients } from '../../server/upstream/index.js';
import { createRouter } from '../../server/falcor/router.js';
import { pageDataThrough } from '../../server/page-data/index.js';
import { createSharedGraph } from '../../server/graph-cache/shared-graph.js';
import { serializeJsonForHtml } from '../../server/render/serialize-json.js';
import * as homePage from '../../shared/pages/home.js';
import { App } from '../../shared/components/App.jsx';
import { measurePageRounds, roundsTable } from './rounds.js';
import { readOptions } from './options.js';

const { pages, atfRows, latencyMs, jitterMs, runs } = readOptions(process.argv.slice(2));
if (process.env.NODE_ENV !== 'production')
  console.error('perf:page: NODE_ENV is not production: React runs its development build');

const cpus = planCpus();
if (cpus.app) pinProcess(process.pid, cpus.app);
const catalog = await startCatalog({ latencyMs: 0, jitterMs: 0, cpus: cpus.generator });
const upstream = createUpstream({ url: catalog.url, ca: catalog.ca });
try {
  const clients = createCatalogClients(upstream);
  // A visitor id of the cookie's shape: the page asks for their list, as a real page does.
  const visitorRouter = () => createRouter({ clients, visitorId: 'perfPageVisitor0000000' });
  // The same page's data through the process-wide catalog cache (warm after
  // the first page; no refresh during the run) and the visitor's router.
  const shared = createSharedGraph({
    createSource: () => createRouter({ clients, visitorId: null }),
    ttlMs: 3_600_000,
    maxSize: 16_000_000,
  });
  /** @param {ReturnType<typeof pageDataThrough>} pageDataFor */
  const loader = (pageDataFor) => async () => {
    const model = pageDataFor(/** @type {any} */ ({}));
    await model.get(...homePage.query({}, { rows: atfRows }));
    return model.getCache();
  };
  const load = loader(pageDataThrough(visitorRouter));
  const loadCached = loader(pageDataThrough(visitorRouter, shared));
  const cache = await load();
  /** @param {object} graph */
  const htmlOf = (graph) =>
    renderToString(
      createElement(App, {
        initial: { Component: homePage.Component, props: homePage.props(graph, {}, { rows: atfRows }), key: '/' },
      }),
    );
  // A figure is only worth its work: both ways must give the same page, with its cards.
  if (htmlOf(await loadCached()) !== htmlOf(cache) || !htmlOf(cache).includes('class="card"')) {
    console.error('perf:page: the cached and uncached home pages differ, or have no card: nothing to measure');
    process.exit(1);
  }
  const element = () =>
    createElement(App, {
      initial: { Component: homePage.Component, props: homePage.props(cache, {}, { rows: atfRows }), key: '/' },
    });
  const html = renderToString(element());

  console.log(`perf:page: home page, ATF_ROWS=${atfRows}, ${pages} pages per step (${cpus.note})\n`);
  const rows = [
    ['data: router.get of the home query (routes, pool)', await cpuPerPage(load)],
    ['data: the same through the warm catalog graph cache', await cpuPerPage(loadCached)],
    ['React: props + renderToString', await cpuPerPage(() => renderToString(element()))],
    ['React: props + renderToPipeableStream', await cpuPerPage(() => renderToStream(element()))],
    ['cache: serializeJsonForHtml', await cpuPerPage(() => serializeJsonForHtml({ cache }))],
  ];
  const width = Math.max(...rows.map(([name]) => String(name).length));
  for (const [name, ms] of rows) console.log(`${String(name).padEnd(width)}  ${Number(ms).toFixed(2)} ms CPU per page`);
  console.log(`\nrouter / graph cache (data): ${(Number(rows[0][1]) / Number(rows[1][1])).toFixed(2)}x`);
  console.log(`renderToPipeableStream / renderToString: ${(Number(rows[3][1]) / Number(rows[2][1])).toFixed(2)}x`);
  console.log(
    `React's HTML: ${Buffer.byteLength(html)} bytes; cache JSON: ${Buffer.byteLength(serializeJsonForHtml({ cache }))} bytes`,
  );
  shared.close();
} finally {
  await upstream.close();
  await catalog.stop();
}

console.log(
  `\nUpstream round trips per page (Server-Timing), catalog at ${latencyMs} ± ${jitterMs} ms, ` +
    `${runs} runs each, medians; "first request": a title the app has not read before\n`,
);
for (const line of roundsTable(await measurePageRounds({ latencyMs, jitterMs, runs, cpus: cpus.generator })))
  console.log(line);

/**
 * Warms the step up (JIT), then runs it `pages` times in a row.
 * @param {() => unknown} step
 * @returns {Promise<number>} CPU ms per run
 */
async function cpuPerPage(step) {
  for (let i = 0; i < Math.min(100, pages); i++) await step();
  const before = process.cpuUsage();
  for (let i = 0; i < pages; i++) await step();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / pages;
}

/**
 * React's Node stream into a sink that keeps the bytes, as a response would.
 * @param {import('react').ReactElement} node
 * @returns {Promise<Buffer>}
 */
function renderToStream(node) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        callback();
        resolve(Buffer.concat(chunks));
      },
    });
    const { pipe } = renderToPipeableStream(node, {
      onShellReady: () => pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}
