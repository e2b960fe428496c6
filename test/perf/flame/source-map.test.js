// @ts-check
// perf:flame names a bundle's frames by their source file and line (its linked source map), so a
// student reads where the time went in the code they edit, not in dist/server.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { describe } from '../../../perf/flame/cpuprofile.js';
import { sourceMapper } from '../../../perf/flame/source-map.js';

test("a bundle's frame is named by its source file and line; one without a map keeps its own place", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-flame-map-'));
  try {
    const source = path.join(dir, 'card-format.js');
    writeFileSync(
      source,
      [
        '// line 1',
        '',
        'export function formatRating(r) {',
        '  return new Intl.NumberFormat().format(r);',
        '}',
        '',
      ].join('\n'),
    );
    writeFileSync(
      path.join(dir, 'entry.js'),
      "import { formatRating } from './card-format.js';\nconsole.log(formatRating(8.5));\n",
    );
    const bundle = path.join(dir, 'dist', 'server.js');
    await esbuild.build({
      entryPoints: [path.join(dir, 'entry.js')],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      sourcemap: 'linked',
      logLevel: 'silent',
    });
    const lines = readFileSync(bundle, 'utf8').split('\n');
    const at = lines.findIndex((l) => l.includes('function formatRating'));
    assert.ok(at > 0, 'the function is in the bundle');
    const frame = {
      functionName: 'formatRating',
      url: pathToFileURL(bundle).href,
      lineNumber: at,
      columnNumber: lines[at].indexOf('function'),
    };
    assert.match(describe(frame, sourceMapper()).file, /card-format\.js:3$/);
    assert.match(describe(frame).file, /dist\/server\.js:\d+$/, 'without the mapper, the bundle itself');

    rmSync(`${bundle}.map`);
    assert.match(describe(frame, sourceMapper()).file, /dist\/server\.js:\d+$/, 'no map: the bundle itself');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
