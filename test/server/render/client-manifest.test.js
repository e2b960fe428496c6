// @ts-check
// The server reads the client build's output, inline scripts included, from
// its manifest (none from a build without the page's measurement), and refuses
// one written before they were part of it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClientManifest } from '../../../server/render/client-manifest.js';

const dir = mkdtempSync(path.join(tmpdir(), 'marquee-manifest-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** @param {object} manifest */
const write = (manifest) => writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));

test("hands over the build's inline scripts with its files", () => {
  write({
    entry: '/assets/index-A.js',
    preload: [],
    inline: { heartbeat: '(function () {})();', hide: '(()=>{})();' },
  });
  const manifest = createClientManifest({ distDir: dir });
  assert.equal(manifest.get().inline.heartbeat, '(function () {})();');
  assert.equal(manifest.get().inline.hide, '(()=>{})();');
  assert.equal(manifest.get().entry, '/assets/index-A.js');
});

test("starts from a build without the page's measurement: no inline script to hand over", () => {
  write({ entry: '/assets/index-A.js', preload: [], inline: {} });
  assert.deepEqual(createClientManifest({ distDir: dir }).get().inline, {});
});

test('refuses a manifest from before the inline scripts were build output, saying to rebuild', () => {
  write({ entry: '/assets/index-A.js', preload: [] });
  assert.throws(() => createClientManifest({ distDir: dir }), /malformed: rebuild with `npm run build`/);
});
