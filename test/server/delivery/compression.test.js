// @ts-check
// server/delivery/compression.js as wired in server/app.js: pages and
// /model.json in brotli or gzip as the client accepts, decodable, and the
// streamed page still flushed early through the compressor.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../../helpers/app.js';
import { rawGet, decode, decodePrefix } from '../../helpers/raw-get.js';
import { THRESHOLD_BYTES } from '../../../server/delivery/compression.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  app = await startApp();
});
after(() => app?.close());

const modelUrl = (/** @type {unknown[]} */ paths) =>
  `/model.json?method=get&paths=${encodeURIComponent(JSON.stringify(paths))}`;
// Two rows of titles: a JSON Graph answer of several KB.
const BIG_MODEL = modelUrl([['lists', { from: 0, to: 1 }, { from: 0, to: 9 }, ['name', 'year', 'rating', 'tagline']]]);

/** Accept-Encoding sent → Content-Encoding expected (undefined: none). */
const CASES = [
  { accept: 'br', expect: 'br' },
  { accept: 'gzip', expect: 'gzip' },
  // What Chromium sends: all at q=1, brotli preferred by the server.
  { accept: 'gzip, deflate, br, zstd', expect: 'br' },
  { accept: undefined, expect: undefined },
  { accept: 'x-junk;q=abc, ,;;, sdch', expect: undefined },
];

for (const path of ['/', BIG_MODEL]) {
  for (const { accept, expect } of CASES) {
    const label = `${path === '/' ? '/' : '/model.json'} with Accept-Encoding ${accept === undefined ? '(none)' : JSON.stringify(accept)}`;
    test(`${label} → ${expect ?? 'identity'}, decodable`, async () => {
      const res = await rawGet(app.url + path, accept === undefined ? {} : { 'accept-encoding': accept });
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-encoding'], expect, 'Content-Encoding');
      assert.match(
        String(res.headers.vary),
        /accept-encoding/i,
        'Vary: Accept-Encoding, or a shared cache mixes them up',
      );
      const text = decode(res);
      if (path === '/') {
        assert.match(text, /^<!doctype html>/i);
        assert.match(text, /<\/html>\s*$/, 'the whole page, tail included');
        assert.equal(res.headers['cache-control'], 'private, no-cache');
      } else {
        const body = JSON.parse(text);
        // Two rows of ten (a film may sit in both rows).
        assert.ok(Object.keys(body.jsonGraph.titlesById).length >= 10);
      }
      if (expect) assert.ok(res.body.length < text.length / 3, `compressed ${res.body.length} B of ${text.length} B`);
      if (path !== '/') {
        // The compressor sends the headers when the body ends: Server-Timing must still make it.
        assert.match(
          String(res.headers['server-timing']),
          /^upstream;dur=[\d.]+, total;dur=[\d.]+, upstream-requests;desc=\d+, upstream-rounds;desc=\d+(, round-\d+;dur=[\d.]+;desc="\d+ requests?")*$/,
        );
      }
    });
  }
}

test(`/model.json answers under ${THRESHOLD_BYTES} bytes are sent as they are`, async () => {
  const res = await rawGet(app.url + modelUrl([['lists', 'length']]), { 'accept-encoding': 'br, gzip' });
  assert.equal(res.status, 200);
  assert.ok(res.body.length < THRESHOLD_BYTES);
  assert.equal(res.headers['content-encoding'], undefined, 'too small to be worth compressing');
  assert.ok(JSON.parse(res.body.toString()).jsonGraph.lists.length > 0);
});

for (const coding of /** @type {const} */ (['br', 'gzip'])) {
  test(`${coding}: the compressed head of / arrives long before the data when the catalog is slow`, async () => {
    const slow = await startApp({ catalogEnv: { CATALOG_LATENCY_MS: '250' } });
    try {
      const res = await rawGet(slow.url + '/', { 'accept-encoding': coding });
      assert.equal(res.headers['content-encoding'], coding);
      assert.ok(res.totalMs >= 250, `the page waited for the catalog (${res.totalMs.toFixed(0)} ms)`);
      // What had arrived while the server still waited for the catalog.
      const early = res.chunks.filter((chunk) => chunk.at < res.totalMs - 200);
      assert.ok(
        early.length > 0,
        `the first compressed bytes came at ${res.chunks[0].at.toFixed(0)} ms of ${res.totalMs.toFixed(0)} ms: ` +
          'flush the compressor after writing the head (res.flush(), flushCompressed in stream-page.js)',
      );
      const head = await decodePrefix(coding, Buffer.concat(early.map((chunk) => chunk.bytes)));
      assert.match(
        head,
        /<link rel="modulepreload" fetchpriority="low" href="\/assets\//,
        'the early bytes decode to the head with the preload',
      );
      assert.match(decode(res), /<\/html>\s*$/);
    } finally {
      await slow.close();
    }
  });
}

test('COMPRESSION=0 sends pages and /model.json uncompressed', async () => {
  const plain = await startApp({ env: { COMPRESSION: '0' } });
  try {
    for (const path of ['/', BIG_MODEL]) {
      const res = await rawGet(plain.url + path, { 'accept-encoding': 'br, gzip' });
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-encoding'], undefined, path);
    }
  } finally {
    await plain.close();
  }
});
