// @ts-check
// server/delivery/static-assets.js: the build's precompressed files sent as
// they are, with the headers that let browsers and CDNs keep them for good.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import express from 'express';
import { staticAssets } from '../../../server/delivery/static-assets.js';
import { startApp } from '../../helpers/app.js';
import { rawGet } from '../../helpers/raw-get.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SOURCE = `export const hello = ${JSON.stringify('hello '.repeat(400))};\n`;

/** @type {string} */
let dir;
/** @type {string} */
let base;
/** @type {import('node:http').Server} */
let server;

/** @param {{ precompressed?: boolean }} [options] */
async function serve(options = {}) {
  const app = express();
  app.use('/assets', staticAssets({ dir, ...options }));
  const listening = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => listening.once('listening', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (listening.address());
  return { server: listening, url: `http://127.0.0.1:${port}/assets` };
}

before(async () => {
  // A build as client/build/index.js leaves it: hashed names, .br and .gz beside the
  // big file, none beside the tiny one (not worth it), an unhashed manifest.
  dir = mkdtempSync(path.join(tmpdir(), 'marquee-assets-'));
  mkdirSync(path.join(dir, 'chunks'));
  writeFileSync(path.join(dir, 'index-ABCD2345.js'), SOURCE);
  writeFileSync(path.join(dir, 'index-ABCD2345.js.br'), zlib.brotliCompressSync(SOURCE));
  writeFileSync(path.join(dir, 'index-ABCD2345.js.gz'), zlib.gzipSync(SOURCE));
  writeFileSync(path.join(dir, 'chunks', 'tiny-WXYZ2345.js'), 'export{};');
  writeFileSync(path.join(dir, 'manifest.json'), '{}');
  ({ server, url: base } = await serve());
});
after(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

for (const { accept, coding, suffix } of [
  { accept: 'gzip, deflate, br, zstd', coding: 'br', suffix: '.br' },
  { accept: 'gzip', coding: 'gzip', suffix: '.gz' },
  { accept: '', coding: undefined, suffix: '' },
  { accept: 'x-junk', coding: undefined, suffix: '' },
]) {
  test(`Accept-Encoding ${JSON.stringify(accept)} gets the ${suffix || 'raw'} file as it is on disk`, async () => {
    const res = await rawGet(`${base}/index-ABCD2345.js`, accept ? { 'accept-encoding': accept } : {});
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], coding);
    assert.deepEqual(
      res.body,
      readFileSync(path.join(dir, `index-ABCD2345.js${suffix}`)),
      'byte for byte the precompressed file',
    );
    assert.equal(res.headers['content-type'], 'text/javascript; charset=utf-8', 'the type of the script, not of .br');
    assert.equal(res.headers['content-length'], String(res.body.length));
    assert.equal(res.headers['cache-control'], IMMUTABLE);
    assert.match(String(res.headers.vary), /accept-encoding/i);
    assert.ok(res.headers.etag && res.headers['last-modified']);
  });
}

test('each coding has its own ETag (they are different bytes)', async () => {
  const tags = await Promise.all(
    ['br', 'gzip', 'identity'].map(
      async (accept) => (await rawGet(`${base}/index-ABCD2345.js`, { 'accept-encoding': accept })).headers.etag,
    ),
  );
  assert.equal(new Set(tags).size, 3, `ETags ${tags.join(', ')}`);
});

test('revalidation: 304 on If-None-Match and on If-Modified-Since, with no body', async () => {
  const url = `${base}/index-ABCD2345.js`;
  const first = await rawGet(url, { 'accept-encoding': 'br' });
  const byTag = await rawGet(url, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
  assert.equal(byTag.status, 304);
  assert.equal(byTag.body.length, 0);
  assert.equal(byTag.headers['cache-control'], IMMUTABLE);
  const byDate = await rawGet(url, {
    'accept-encoding': 'br',
    'if-modified-since': String(first.headers['last-modified']),
  });
  assert.equal(byDate.status, 304);
  const stale = await rawGet(url, { 'accept-encoding': 'br', 'if-none-match': '"something-else"' });
  assert.equal(stale.status, 200);
});

test('a file without compressed copies is sent raw, with no Vary', async () => {
  const res = await rawGet(`${base}/chunks/tiny-WXYZ2345.js`, { 'accept-encoding': 'br, gzip' });
  assert.equal(res.status, 200);
  assert.equal(res.headers['content-encoding'], undefined);
  assert.equal(res.body.toString(), 'export{};');
  assert.equal(res.headers.vary, undefined);
  assert.equal(res.headers['cache-control'], IMMUTABLE);
});

test('only hashed build files are served: not the manifest, the .br copies, traversal or missing files', async () => {
  for (const name of ['manifest.json', 'index-ABCD2345.js.br', '..%2Fpackage.json', 'gone-ABCD2345.js']) {
    const res = await rawGet(`${base}/${name}`);
    assert.equal(res.status, 404, `${name}: ${res.status}`);
  }
  // Sent as written: a URL string would have its dot segments resolved by the client.
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  const status = await new Promise((resolve, reject) =>
    http
      .get({ host: '127.0.0.1', port, path: '/assets/chunks/../index-ABCD2345.js', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
      .on('error', reject),
  );
  assert.equal(status, 404, 'a path with .. is never served');
});

test('precompressed: false (COMPRESSION=0) sends the raw file to everyone', async () => {
  const plain = await serve({ precompressed: false });
  try {
    const res = await rawGet(`${plain.url}/index-ABCD2345.js`, { 'accept-encoding': 'br, gzip' });
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.body.toString(), SOURCE);
  } finally {
    plain.server.close();
  }
});

test('the server bundle and its map are never served: only the client build is under /assets', async () => {
  const app = await startApp();
  try {
    for (const path of [
      '/assets/../server.js.map',
      '/assets/..%2fserver.js.map',
      '/server.js.map',
      '/dist/server.js.map',
    ]) {
      const res = await rawGet(app.url + path);
      assert.equal(res.status, 404, path);
    }
  } finally {
    await app.close();
  }
});

test('the app serves the real build precompressed, never recompressed, with no cookie', async () => {
  const app = await startApp();
  try {
    const { entry } = JSON.parse(readFileSync(new URL('../../../dist/client/manifest.json', import.meta.url), 'utf8'));
    const onDisk = new URL(`../../../dist/client/${entry.slice('/assets/'.length)}.br`, import.meta.url);
    const res = await rawGet(app.url + entry, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    // Brotli at quality 11 from the build, not the request path's quality 4.
    assert.deepEqual(res.body, readFileSync(onDisk), 'the .br written by `npm run build`; rebuild if this is stale');
    assert.equal(res.headers['cache-control'], IMMUTABLE);
    assert.equal(res.headers['set-cookie'], undefined, 'assets are the same for every visitor');
    // The script names its map in a header, not in a comment every visitor downloads (issue 37).
    assert.equal(res.headers.sourcemap, `${entry.split('/').pop()}.map`);
    const plain = await rawGet(app.url + entry, {});
    assert.doesNotMatch(plain.body.toString(), /sourceMappingURL/);
    // A file the build did not compress (a source map) is not compressed per request either.
    const map = await rawGet(`${app.url}${entry}.map`, { 'accept-encoding': 'br, gzip' });
    assert.equal(map.status, 200);
    assert.ok(map.body.length > 1024);
    assert.equal(map.headers['content-encoding'], undefined, 'the per-request compressor must skip /assets');
    // It maps to file:line without publishing the source (issue 14); `--watch` builds keep it for DevTools.
    const parsed = JSON.parse(map.body.toString());
    assert.ok(parsed.mappings.length > 0 && parsed.sources.length > 0);
    assert.equal(parsed.sourcesContent, undefined, 'a production build serves no sourcesContent');
  } finally {
    await app.close();
  }
});
