// @ts-check
// npm run perf:delivery -- [--url http://127.0.0.1:3000] [--markdown]
// Bytes on the wire: `/` and every client asset of the build in dist/client,
// fetched with Accept-Encoding identity, gzip and br, counting what the server
// sent (not what it decoded to), with the Content-Encoding it answered.
// Without --url it starts Marquee as `npm start` runs it (run `npm run build`
// first). Feeds docs/delivery.md's tables.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { startMarquee } from '../lib/marquee-server.js';
import { readToolOptions } from '../lib/tool-options.js';

// Anything else on the command line is let through, unread.
const { url, markdown } = readToolOptions(process.argv.slice(2), {
  tool: 'perf:delivery',
  usage: 'usage: npm run perf:delivery -- [--url http://127.0.0.1:3000] [--markdown]',
  strict: false,
  options: {
    url: { type: 'string' },
    markdown: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  read: (values) => ({ url: values.url === undefined ? null : String(values.url), markdown: values.markdown === true }),
});
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

const server = url === null ? await startMarquee() : null;
const base = (url ?? server?.url ?? '').replace(/\/$/, '');
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
