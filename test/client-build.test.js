// @ts-check
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, formatReport, PUBLIC_PATH } from '../client/build/index.js';
import { checkBudgets, growth, kb, BUDGETS } from '../client/build/budgets.js';

/** @param {number} bytes */
const kbPattern = (bytes) => kb(bytes).replace('.', '\\.');

// Metafile paths are relative to the repository root (esbuild's working dir).
const ROOT = fileURLToPath(new URL('..', import.meta.url));
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

test('the measurement code is one chunk: the on-demand overlay shares none of its modules', () => {
  const outputs = Object.values(build.metafile.outputs);
  const measure = outputs.find((output) => output.entryPoint === 'client/measure/index.js');
  assert.ok(measure, 'client/measure/index.js is a chunk of its own');
  // Split across chunks, the same code cost 359 B more gzip and one more request.
  for (const input of [
    'client/measure/web-vitals.js',
    'client/measure/lab-tti.js',
    'client/measure/inp-attribution.js',
  ])
    assert.ok(input in measure.inputs, `${input} is in the measure chunk, not in a chunk shared with the overlay`);
  assert.ok(
    Object.keys(measure.inputs).some((input) => input.includes('node_modules/web-vitals/')),
    'web-vitals too',
  );
});

test('React is bundled in production mode and the entry is minified', () => {
  const entry = readFileSync(fileOf(build.manifest.entry), 'utf8');
  assert.doesNotMatch(entry, /react-dom\.development|This is a development build/);
  assert.ok(entry.split('\n').length < 20, 'minified: a handful of long lines');
});

test('reports sizes against the budgets and stays within them', () => {
  const { report } = build;
  assert.ok(report.files.length >= 2);
  for (const file of report.files) assert.ok(file.gzip > 0 && file.gzip < file.raw, file.file);
  assert.ok(report.beforeHydration > 0 && report.beforeHydration <= report.firstLoad);
  const output = printed.join('\n');
  assert.match(
    output,
    new RegExp(`JS before hydration: [\\d.]+ KB gzip \\(budget ${kbPattern(BUDGETS.beforeHydration)}\\)`),
  );
  assert.match(output, new RegExp(`first-load JS: +[\\d.]+ KB gzip \\(budget ${kbPattern(BUDGETS.firstLoad)}\\)`));
  assert.match(output, new RegExp(build.manifest.entry.replace(/[.]/g, '\\.')));
  assert.deepEqual(report.overBudget, [], `over budget: ${report.overBudget.join('; ')}`);
});

test('a bundle over budget is reported with what to fix', () => {
  const over = checkBudgets({ beforeHydration: BUDGETS.beforeHydration + 1, firstLoad: BUDGETS.firstLoad + 1 });
  assert.equal(over.length, 2);
  assert.match(
    over[0],
    new RegExp(
      `JS before hydration is ${kbPattern(BUDGETS.beforeHydration + 1)} gzip, budget ${kbPattern(BUDGETS.beforeHydration)} \\(0\\.0 KB over\\)`,
    ),
  );
  assert.deepEqual(checkBudgets({ beforeHydration: BUDGETS.beforeHydration, firstLoad: BUDGETS.firstLoad }), []);
  const table = formatReport({
    files: [],
    beforeHydration: BUDGETS.beforeHydration + 2048,
    firstLoad: 10,
    overBudget: [],
  });
  assert.match(
    table,
    new RegExp(
      `JS before hydration: ${kbPattern(BUDGETS.beforeHydration + 2048)} gzip \\(budget ${kbPattern(BUDGETS.beforeHydration)}\\) OVER BUDGET`,
    ),
  );
});

test('the budgets come from package.json, and a failure names the files that grew', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  assert.equal(BUDGETS.beforeHydration, pkg.budgets.beforeHydrationGzipKB * 1024);
  assert.equal(BUDGETS.firstLoad, pkg.budgets.firstLoadGzipKB * 1024);
  const grew = growth({ 'a.js': 100, 'b.js': 50 }, { 'a.js': 100, 'b.js': 90, 'c.js': 10 });
  assert.deepEqual(
    grew,
    ['b.js +40 B (90 B now)', 'c.js +10 B (new)'],
    'largest growth first, unchanged files left out',
  );
  assert.deepEqual(growth(null, { 'a.js': 1 }), [], 'no previous build: nothing to compare');
});
