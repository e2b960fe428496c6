// @ts-check
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, formatReport, PUBLIC_PATH } from '../../../client/build/index.js';
import { checkBudgets, growth, kb, ALLOWANCES } from '../../../client/build/budgets.js';
import { writeManifest } from '../../../client/build/manifest.js';
import { formatOverBudget } from '../../../client/build/report.js';
import { measurePlatforms, platformPackages } from '../../../client/build/platform.js';
import { cachedPlatforms, PLATFORM_SIZES } from '../../../client/build/platform-cache.js';
import { inlineScripts } from '../../../client/build/inline-scripts.js';

/** @param {number} bytes */
const kbPattern = (bytes) => kb(bytes).replace('.', '\\.');

// Metafile paths are relative to the repository root (esbuild's working dir).
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** @type {string} */
let outdir;
/** @type {Awaited<ReturnType<typeof buildClient>>} */
let build;
/** @type {string[]} */
const printed = [];

before(async () => {
  outdir = mkdtempSync(path.join(tmpdir(), 'marquee-client-'));
  build = await buildClient({ outdir, log: (line) => printed.push(line) });
});
after(() => rmSync(outdir, { recursive: true, force: true }));

/** @param {string} url a manifest URL under /assets */
const fileOf = (url) => path.join(outdir, url.slice(PUBLIC_PATH.length + 1));

/** Output paths of the metafile whose URL is in `urls`. */
function outputsFor(/** @type {string[]} */ urls) {
  const wanted = new Set(urls.map(fileOf));
  return Object.entries(build.metafile.outputs).filter(([file]) => wanted.has(path.resolve(ROOT, file)));
}

test('writes manifest.json naming a content-hashed entry that exists', () => {
  const manifest = JSON.parse(readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
  assert.deepEqual(manifest, build.manifest);
  assert.match(manifest.entry, /^\/assets\/index-[A-Z0-9]{8}\.js$/);
  for (const url of [manifest.entry, ...manifest.preload, ...manifest.lazy]) {
    assert.match(url, /^\/assets\/(chunks\/)?[\w-]+-[A-Z0-9]{8}\.js$/);
    assert.ok(existsSync(fileOf(url)), `${url} is on disk`);
  }
});

test("writes the inline scripts of the parts the bundle holds into manifest.json: none without the page's measurement", async () => {
  assert.deepEqual(build.manifest.inline, await inlineScripts(build.metafile));
  // Without its one import in client/index.jsx (docs/starter-guide.md), the page's head carries none.
  assert.deepEqual(await inlineScripts({ inputs: { 'client/index.jsx': {} } }), {});
});

test('the hide sender is inline, not in the JavaScript before hydration (issue 37)', () => {
  const { entry, preload } = build.manifest;
  for (const [file, output] of outputsFor([entry, ...preload]))
    assert.ok(!Object.keys(output.inputs).includes('client/measure/hide-beacon.js'), `${file} holds no hide sender`);
});

test('no chunk fetched before hydration holds one of our modules alone: each would be a request of its own (issue 37, 46)', () => {
  const { entry, preload } = build.manifest;
  const outputs = outputsFor([entry, ...preload]);
  const holding = outputs.filter(([, output]) => 'shared/graph/limits.js' in output.inputs);
  assert.equal(holding.length, 1, 'shared/graph/limits.js is in exactly one chunk before hydration');
  for (const [file, output] of outputs) {
    const inputs = Object.keys(output.inputs);
    const ours = inputs.filter((input) => !input.includes('node_modules'));
    assert.ok(!(inputs.length === 1 && ours.length === 1), `${file} holds ${ours[0]} alone`);
  }
  // The row loader's context shares the chunk of the contexts every page reads.
  assert.ok(
    outputs.some(
      ([, output]) =>
        'shared/components/RenderSettings.js' in output.inputs && 'node_modules/react/index.js' in output.inputs,
    ),
    "RenderSettings.js (with RowLoader) shares React's chunk",
  );
});

test('Falcor is not in the JavaScript needed to hydrate; it is in a lazy chunk', () => {
  const { entry, preload, lazy } = build.manifest;
  const staticGraph = outputsFor([entry, ...preload]);
  assert.equal(staticGraph.length, 1 + preload.length);
  for (const [file, output] of staticGraph) {
    const falcorInputs = Object.keys(output.inputs).filter((input) => input.includes('node_modules/falcor'));
    assert.deepEqual(falcorInputs, [], `${file} must not bundle falcor: load it with import() after hydration`);
  }
  const lazyInputs = outputsFor(lazy).flatMap(([, output]) => Object.keys(output.inputs));
  assert.ok(
    lazyInputs.some((input) => input.includes('node_modules/falcor/')),
    'falcor lives in a lazy chunk',
  );
  assert.ok(lazyInputs.some((input) => input.endsWith('client/model.js')));
});

test('React is bundled in production mode and the entry is minified', () => {
  const entry = readFileSync(fileOf(build.manifest.entry), 'utf8');
  assert.doesNotMatch(entry, /react-dom\.development|This is a development build/);
  assert.ok(entry.split('\n').length < 20, 'minified: a handful of long lines');
});

test('reports each total as platform plus Marquee, against platform plus allowance, and stays within', () => {
  const { report } = build;
  assert.ok(report.files.length >= 2);
  // Compressed, except a file of a few bytes, which gzip's header outweighs (clampRows' chunk).
  for (const file of report.files) assert.ok(file.gzip > 0 && (file.gzip < file.raw || file.raw < 200), file.file);
  assert.ok(report.beforeHydration > 0 && report.beforeHydration <= report.firstLoad);
  const output = printed.join('\n');
  for (const [label, load] of /** @type {const} */ ([
    ['JS before hydration', 'beforeHydration'],
    ['first-load JS', 'firstLoad'],
  ])) {
    const platform = report.platform[load].gzip;
    const own = report[load] - platform;
    assert.match(
      output,
      new RegExp(
        `${label}: +${kbPattern(report[load])} gzip = platform ${kbPattern(platform)} \\+ Marquee ${kbPattern(own)}\\n` +
          ` +budget ${kbPattern(platform + ALLOWANCES[load])} = platform ${kbPattern(platform)} \\+ Marquee's allowance ${kbPattern(ALLOWANCES[load])}: ok, [\\d.]+ KB headroom`,
      ),
    );
  }
  assert.match(output, /\(platform: react, react-dom, scheduler, bundled alone\)/);
  assert.match(output, new RegExp(build.manifest.entry.replace(/[.]/g, '\\.')));
  assert.deepEqual(report.overBudget, [], `over budget: ${report.overBudget.join('; ')}`);
});

test('the platform is measured: a bundle of its packages alone, the size the build ships them at', async () => {
  const { beforeHydration, firstLoad } = build.report.platform;
  assert.deepEqual(beforeHydration.packages, ['react', 'react-dom', 'scheduler'], 'no Falcor before hydration');
  // React 19 DOM is about 67 KB gzip; a bundle of nothing, or of the whole app, is not.
  assert.ok(beforeHydration.gzip > 55 * 1024 && beforeHydration.gzip < 80 * 1024, kb(beforeHydration.gzip));
  assert.ok(beforeHydration.gzip < build.report.beforeHydration);
  // The platform's files take as many minified bytes in the real build as in the bundle of them alone.
  const shipped = Object.values(build.metafile.outputs)
    .flatMap((output) => Object.entries(output.inputs))
    .filter(([input]) => beforeHydration.inputs.has(input))
    .reduce((sum, [, { bytesInOutput }]) => sum + bytesInOutput, 0);
  assert.ok(
    Math.abs(shipped - beforeHydration.raw) < beforeHydration.raw * 0.02,
    `${shipped} vs ${beforeHydration.raw}`,
  );
  assert.ok(firstLoad.gzip >= beforeHydration.gzip);
  // Another entry, another figure: web-vitals alone is a few KB.
  const react = ['react', 'react-dom', 'scheduler'];
  const measured = await measurePlatforms({ beforeHydration: react, firstLoad: [...react, 'web-vitals'] }, ROOT);
  assert.equal(measured.beforeHydration.gzip, beforeHydration.gzip, 'same packages, same figure');
  const webVitals = measured.firstLoad.gzip - measured.beforeHydration.gzip;
  assert.ok(webVitals > 1024 && webVitals < 10 * 1024, `web-vitals: ${kb(webVitals)}`);
});

test('the platform packages of a load are read from its source files', () => {
  assert.deepEqual(
    platformPackages([
      'client/index.jsx',
      '../../../main/node_modules/web-vitals/dist/modules/onINP.js',
      'node_modules/react-dom/cjs/react-dom-client.production.js',
      'node_modules/falcor/node_modules/left-pad/index.js',
    ]),
    ['react-dom', 'web-vitals'],
    "in the platform's order; a nested dependency is its own package",
  );
});

test('the platform figures are kept beside the build and measured again when a file of theirs changes', async () => {
  const file = path.join(outdir, PLATFORM_SIZES);
  const record = JSON.parse(readFileSync(file, 'utf8'));
  const loads = {
    beforeHydration: build.report.platform.beforeHydration.packages,
    firstLoad: build.report.platform.firstLoad.packages,
  };
  record.platforms.beforeHydration.gzip = 1;
  writeFileSync(file, JSON.stringify(record));
  assert.equal((await cachedPlatforms(loads, ROOT, outdir)).beforeHydration.gzip, 1, 'the record is read');
  const [input] = Object.keys(record.files);
  record.files[input] = 'another version';
  writeFileSync(file, JSON.stringify(record));
  const again = await cachedPlatforms(loads, ROOT, outdir);
  assert.equal(again.beforeHydration.gzip, build.report.platform.beforeHydration.gzip, 'measured again');
});

test("a build over the allowance fails naming the files that grew, Marquee's and the platform's apart", () => {
  const { metafile, report } = build;
  const compressed = new Map(report.files.map(({ file, ...sizes }) => [fileOf(file), sizes]));
  // The entry is in every load: grown past both budgets by a KB.
  const entry = fileOf(build.manifest.entry);
  const headroom = (/** @type {'beforeHydration' | 'firstLoad'} */ load) =>
    report.platform[load].gzip + ALLOWANCES[load] - report[load];
  const extra = Math.max(headroom('beforeHydration'), headroom('firstLoad')) + 1024;
  const sizes = /** @type {{ raw: number, gzip: number, brotli: number }} */ (compressed.get(entry));
  compressed.set(entry, { ...sizes, gzip: sizes.gzip + extra });
  const now = JSON.parse(readFileSync(path.join(outdir, 'input-sizes.json'), 'utf8'));
  const reactDom = Object.keys(now).find((input) => input.endsWith('react-dom/cjs/react-dom-client.production.js'));
  assert.ok(reactDom && 'client/index.jsx' in now);
  const previous = { ...now, 'client/index.jsx': now['client/index.jsx'] - 300, [reactDom]: now[reactDom] - 20 };
  const scratch = mkdtempSync(path.join(tmpdir(), 'marquee-over-'));
  try {
    const over = writeManifest(metafile, scratch, compressed, previous, report.platform).report;
    assert.equal(over.overBudget.length, 2);
    assert.match(
      over.overBudget[0],
      /^JS before hydration is [\d.]+ KB gzip, budget [\d.]+ KB \([\d.]+ KB over\): Marquee's code is [\d.]+ KB, over its allowance/,
    );
    assert.deepEqual(over.grew, [`client/index.jsx +300 B (${now['client/index.jsx']} B now)`]);
    assert.deepEqual(over.platformGrew, [`${reactDom} +20 B (${now[reactDom]} B now)`]);
    const message = formatOverBudget(over);
    assert.match(message, /Marquee's code that grew since the previous build:\n {2}client\/index\.jsx \+300 B/);
    assert.match(
      message,
      /The platform's code that grew \(counted in the platform, not the allowance\):\n {2}\S+react-dom/,
    );
    assert.match(formatReport(over), /OVER BUDGET by 1\.0 KB/);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

test('checkBudgets holds each total to platform plus allowance', () => {
  const platform = { beforeHydration: { gzip: 50_000 }, firstLoad: { gzip: 70_000 } };
  const at = { beforeHydration: 50_000 + ALLOWANCES.beforeHydration, firstLoad: 70_000 + ALLOWANCES.firstLoad };
  assert.deepEqual(checkBudgets(at, platform), []);
  const over = checkBudgets({ ...at, firstLoad: at.firstLoad + 1 }, platform);
  assert.equal(over.length, 1);
  assert.match(
    over[0],
    /^first-load JS is .* Marquee's code is .*, over its allowance of .*the platform's 68\.4 KB is measured apart/,
  );
});

test('the allowances come from package.json, and a failure names the files that grew', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
  assert.equal(ALLOWANCES.beforeHydration, pkg.budgets.beforeHydrationAllowanceGzipKB * 1024);
  assert.equal(ALLOWANCES.firstLoad, pkg.budgets.firstLoadAllowanceGzipKB * 1024);
  assert.deepEqual(Object.keys(pkg.budgets).sort(), ['beforeHydrationAllowanceGzipKB', 'firstLoadAllowanceGzipKB']);
  const grew = growth({ 'a.js': 100, 'b.js': 50 }, { 'a.js': 100, 'b.js': 90, 'c.js': 10 });
  assert.deepEqual(
    grew,
    ['b.js +40 B (90 B now)', 'c.js +10 B (new)'],
    'largest growth first, unchanged files left out',
  );
  assert.deepEqual(growth(null, { 'a.js': 1 }), [], 'no previous build: nothing to compare');
});

test("Marquee's own code leaves at least 2 KB of each allowance: a starter sees their own growth (issue 46)", () => {
  const { report } = build;
  for (const load of /** @type {const} */ (['beforeHydration', 'firstLoad'])) {
    const headroom = report.platform[load].gzip + ALLOWANCES[load] - report[load];
    assert.ok(headroom >= 2048, `${load}: ${headroom} B of headroom, under 2 KB`);
  }
});
