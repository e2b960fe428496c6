// @ts-check
// client/build/precompress.js: .br and .gz beside each text file of the build, at
// the best ratio, only where they are smaller than the file itself.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { precompress } from '../../../client/build/precompress.js';

/** @type {string} */
let dir;
/** @type {Awaited<ReturnType<typeof precompress>>} */
let sizes;
// Real JavaScript: brotli 11 beats 4 on it (on a toy repetitive string it may not).
const BIG = readFileSync(new URL('../../../client/build/index.js', import.meta.url), 'utf8');
const at = (/** @type {string} */ name) => path.join(dir, name);

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'marquee-precompress-'));
  writeFileSync(at('big-AAAA2345.js'), BIG);
  writeFileSync(at('tiny-BBBB2345.js'), 'x;');
  writeFileSync(at('big-AAAA2345.js.map'), BIG);
  sizes = await precompress([at('big-AAAA2345.js'), at('tiny-BBBB2345.js'), at('big-AAAA2345.js.map')]);
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('writes .br and .gz that decode to the file, at maximum quality', () => {
  const br = readFileSync(at('big-AAAA2345.js.br'));
  const gz = readFileSync(at('big-AAAA2345.js.gz'));
  assert.equal(zlib.brotliDecompressSync(br).toString(), BIG);
  assert.equal(zlib.gunzipSync(gz).toString(), BIG);
  assert.deepEqual(sizes.get(at('big-AAAA2345.js')), {
    raw: Buffer.byteLength(BIG),
    gzip: gz.length,
    brotli: br.length,
  });
  // Quality 11 and level 9, not the request path's cheaper settings.
  assert.ok(br.length <= zlib.brotliCompressSync(BIG, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length);
  assert.ok(gz.length <= zlib.gzipSync(BIG, { level: 6 }).length);
});

test('a file that compression would not shrink gets no copies', () => {
  assert.equal(existsSync(at('tiny-BBBB2345.js.br')), false);
  assert.equal(existsSync(at('tiny-BBBB2345.js.gz')), false);
  assert.deepEqual(sizes.get(at('tiny-BBBB2345.js')), { raw: 2, gzip: 2, brotli: 2 });
});

test('source maps are left alone (only DevTools fetches them)', () => {
  assert.equal(existsSync(at('big-AAAA2345.js.map.br')), false);
  assert.equal(sizes.has(at('big-AAAA2345.js.map')), false);
});
