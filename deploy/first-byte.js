// @ts-check
// node deploy/first-byte.js [--runs 40] [--latency 100]
// The first byte of a page and its first body chunk (the early head), straight
// from one instance and through nginx, alternated on one fleet of one, for a
// returning visitor (identity encoding: chunks as written). docs/deploy.md.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startFleet } from './lib/fleet.js';
import { ensureFleetTools } from './lib/debian-packages.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '40' }, latency: { type: 'string', default: '100' } },
});
const runs = Number(values.runs);
const latencyMs = Number(values.latency);
if (!Number.isInteger(runs) || runs < 1 || !Number.isFinite(latencyMs) || latencyMs < 0) {
  console.error('usage: node deploy/first-byte.js [--runs N >= 1] [--latency MS >= 0]');
  process.exit(2);
}

/**
 * @param {string} url
 * @param {string} cookie
 * @returns {Promise<{ headers: number, head: number, end: number }>} ms after the request
 */
function timeGet(url, cookie) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // A fresh connection each time, to both: neither side gets a warm socket the other lacks.
    const req = http.get(url, { headers: { cookie }, agent: false }, (res) => {
      const headers = performance.now() - started;
      let head = 0;
      res.on('data', () => {
        head ||= performance.now() - started;
      });
      res.on('end', () => resolve({ headers, head, end: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** @param {number[]} xs @param {number} q */
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

ensureFleetTools();
const fleet = await startFleet({ instances: 1, env: { LOG_LEVEL: 'warn' } });
try {
  const put = await fetch(`${fleet.catalogUrl}/_faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latency: latencyMs }),
  });
  if (put.status !== 200) throw new Error(`PUT /_faults answered ${put.status}`);
  const first = await fetch(`${fleet.url}/healthz`);
  const cookie = /marquee_visitor=[^;]+/.exec(first.headers.get('set-cookie') ?? '')?.[0] ?? '';
  const targets = { direct: `${fleet.instances[0].url}/`, nginx: `${fleet.url}/` };
  /** @type {Record<string, { headers: number, head: number, end: number }[]>} */
  const results = { direct: [], nginx: [] };
  for (let i = 0; i < 3; i++) for (const url of Object.values(targets)) await timeGet(url, cookie); // warm-up
  for (let i = 0; i < runs; i++) {
    // Alternated, in swapped order every other run: a shared machine's drift hits both.
    const order = i % 2 ? ['nginx', 'direct'] : ['direct', 'nginx'];
    for (const name of order) results[name].push(await timeGet(targets[name], cookie));
  }
  console.log(`GET / for a returning visitor, catalog latency ${latencyMs} ms, ${runs} runs each, alternated`);
  console.log('            first byte p50/p90   head chunk p50/p90   whole page p50/p90   (ms)');
  for (const [name, rows] of Object.entries(results)) {
    const cell = (/** @type {'headers' | 'head' | 'end'} */ k) =>
      `${quantile(
        rows.map((r) => r[k]),
        0.5,
      ).toFixed(1)} / ${quantile(
        rows.map((r) => r[k]),
        0.9,
      ).toFixed(1)}`.padEnd(21);
    console.log(`${name.padEnd(12)}${cell('headers')}${cell('head')}${cell('end')}`.trimEnd());
  }
} finally {
  await fleet.stop();
}
