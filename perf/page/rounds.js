// @ts-check
// perf:page's last section: each page's upstream requests and sequential
// rounds, as the page reports them in its Server-Timing trailer, against a
// catalog of real latency, with the catalog graph cache on and off. The app
// runs in this process (createApp), one app per cache setting, side by side
// on one catalog; each case runs `runs` times and its medians are printed.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../server/config/load.js';
import { createApp } from '../../server/app.js';
import { startCatalog, ensureClientBuild } from '../../deploy/lib/processes.js';
import { serveApp } from './serve-app.js';

/**
 * @typedef {{ status: number, wallMs: number, totalMs: number, requests: number, roundMs: number[] }} PageReport
 * @typedef {{ page: string, cache: string, runs: PageReport[] }} CaseResult
 */

/**
 * @param {{ latencyMs: number, jitterMs: number, runs: number, cpus: string | null }} options
 * @returns {Promise<CaseResult[]>}
 */
export async function measurePageRounds({ latencyMs, jitterMs, runs, cpus }) {
  await ensureClientBuild();
  const catalog = await startCatalog({ latencyMs, jitterMs, cpus, env: { VISITOR_STORE: 'memory' } });
  /** @type {{ close: () => Promise<void> }[]} */
  const apps = [];
  try {
    // Title ids to visit: each first request reads a title no page of that app has read.
    const ids = (await getJson(`${catalog.url}/lists/top-rated?from=0&to=99`)).ids;
    /** @type {CaseResult[]} */
    const results = [];
    for (const [cache, ttl] of /** @type {const} */ ([
      ['on', '60000'],
      ['off', '0'],
    ])) {
      const app = await listen(
        loadConfig({ NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'warn', GRAPH_CACHE_TTL_MS: ttl }),
        catalog,
      );
      apps.push(app);
      const cookie = await returningVisitor(app.url, catalog.url, ids[0]);
      // JIT, templates, sockets: not what is measured.
      await page(`${app.url}/`);
      /** @type {[string, (run: number) => Promise<PageReport>][]} */
      const cases = [
        ['/ first visit', () => page(`${app.url}/`)],
        ['/ returning visitor', () => page(`${app.url}/`, cookie)],
        ['/title/:id first request, first visit', (run) => page(`${app.url}/title/${ids[10 + run]}`)],
        ['/title/:id first request, returning', (run) => page(`${app.url}/title/${ids[40 + run]}`, cookie)],
        ['/title/:id again, returning', () => page(`${app.url}/title/${ids[40]}`, cookie)],
      ];
      for (const [name, load] of cases) {
        /** @type {PageReport[]} */
        const reports = [];
        for (let run = 0; run < runs; run++) reports.push(await load(run));
        results.push({ page: name, cache, runs: reports });
      }
    }
    return results;
  } finally {
    for (const app of apps) await app.close();
    await catalog.stop();
  }
}

/**
 * @param {ReturnType<typeof loadConfig>} config
 * @param {{ url: string, ca?: string | null }} catalog
 */
function listen(config, catalog) {
  return serveApp(createApp(config, { catalogUrl: catalog.url, catalogCa: catalog.ca ?? null }));
}

/**
 * A visitor with one title in their list.
 * @param {string} appUrl
 * @param {string} catalogUrl
 * @param {string} titleId
 */
async function returningVisitor(appUrl, catalogUrl, titleId) {
  const res = await fetch(`${appUrl}/healthz`);
  await res.arrayBuffer();
  const cookie = /marquee_visitor=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  const vid = cookie && /s%3A([A-Za-z0-9_-]+)\./.exec(cookie)?.[1];
  if (!cookie || !vid) throw new Error('perf:page: the app set no visitor cookie');
  const added = await fetch(`${catalogUrl}/visitors/${vid}/my-list/${titleId}`, { method: 'PUT' });
  await added.arrayBuffer();
  if (!added.ok) throw new Error(`perf:page: adding to My List answered ${added.status}`);
  return cookie;
}

/**
 * One page through node:http (which hands over the trailer).
 * @param {string} url
 * @param {string} [cookie]
 * @returns {Promise<PageReport>}
 */
function page(url, cookie) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: cookie ? { cookie } : {} }, (res) => {
        res.resume();
        res.on('end', () => {
          const timing = String(res.trailers['server-timing'] ?? '');
          resolve({
            status: res.statusCode ?? 0,
            wallMs: performance.now() - started,
            totalMs: Number(/total;dur=([\d.]+)/.exec(timing)?.[1] ?? Number.NaN),
            requests: Number(/upstream-requests;desc=(\d+)/.exec(timing)?.[1] ?? Number.NaN),
            roundMs: [...timing.matchAll(/round-\d+;dur=([\d.]+)/g)].map((m) => Number(m[1])),
          });
        });
      })
      .on('error', reject);
  });
}

/** @param {string} url */
async function getJson(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`perf:page: ${url} answered ${res.status}`);
  return res.json();
}

/**
 * The table perf:page prints: medians per case; rounds as the most frequent count.
 * @param {CaseResult[]} results
 * @returns {string[]} lines
 */
export function roundsTable(results) {
  const rows = results.map(({ page, cache, runs }) => {
    const rounds = mode(runs.map((r) => r.roundMs.length));
    const typical = runs.filter((r) => r.roundMs.length === rounds);
    const roundMs = Array.from({ length: rounds }, (_, k) => median(typical.map((r) => r.roundMs[k])).toFixed(0));
    const bad = runs.filter((r) => r.status !== 200).length;
    return [
      page,
      cache,
      String(median(runs.map((r) => r.requests))),
      `${rounds}${typical.length < runs.length ? ` (${typical.length}/${runs.length} runs)` : ''}`,
      roundMs.join(' + ') || '-',
      median(runs.map((r) => r.totalMs)).toFixed(0),
      median(runs.map((r) => r.wallMs)).toFixed(0),
      bad > 0 ? `${bad} not 200` : '',
    ];
  });
  const header = ['page', 'graph cache', 'requests', 'rounds', 'each round (ms)', 'server total (ms)', 'wall (ms)', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [header, ...rows].map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
}

/** @param {number[]} values */
function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** @param {number[]} values */
function mode(values) {
  /** @type {Map<number, number>} */
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
}
