// @ts-check
// npm run perf:delivery -- [--url http://127.0.0.1:3000] [--markdown]
// Bytes on the wire: `/` and every client asset of the build in dist/client,
// fetched with Accept-Encoding identity, gzip and br, counting what the server
// sent (not what it decoded to), with the Content-Encoding it answered.
// Without --url it starts Marquee as `npm start` runs it (run `npm run build`
// first). Feeds the README's "Delivery" table.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { startMarquee } from '../lib/marquee-server.js';

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log('usage: npm run perf:delivery -- [--url http://127.0.0.1:3000] [--markdown]');
  process.exit(0);
}
const urlAt = args.indexOf('--url');
const markdown = args.includes('--markdown');
const CODINGS = /** @type {const} */ (['identity', 'gzip', 'br']);

/**
 * @param {string} url
 * @param {string} accept
 * @returns {Promise<{ status: number, bytes: number, coding: string }>}
 */
function sent(url, accept) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': accept }, agent: false }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            coding: String(res.headers['content-encoding'] ?? 'identity'),
          }),
        );
      })
      .on('error', reject);
  });
}

const server = urlAt >= 0 ? null : await startMarquee();
const base = (urlAt >= 0 ? args[urlAt + 1] : (server?.url ?? '')).replace(/\/$/, '');
try {
  const manifest = JSON.parse(readFileSync(new URL('../../dist/client/manifest.json', import.meta.url), 'utf8'));
  const paths = ['/', manifest.entry, ...manifest.preload, ...(manifest.lazy ?? [])];
  const rows = [];
  for (const path of paths) {
    const row = { path, identity: 0, gzip: 0, br: 0 };
    for (const coding of CODINGS) {
      const res = await sent(base + path, coding);
      if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
      if (res.coding !== coding)
        process.stderr.write(`note: ${path} with Accept-Encoding ${coding} came as ${res.coding}\n`);
      row[coding] = res.bytes;
    }
    rows.push(row);
  }
  const kb = (/** @type {number} */ n) => (n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`);
  if (markdown) {
    console.log('| what | raw | gzip | brotli |\n| --- | ---: | ---: | ---: |');
    for (const r of rows) console.log(`| \`${r.path}\` | ${kb(r.identity)} | ${kb(r.gzip)} | ${kb(r.br)} |`);
  } else {
    console.table(rows.map((r) => ({ path: r.path, raw: r.identity, gzip: r.gzip, brotli: r.br })));
  }
} finally {
  await server?.stop();
}
