// @ts-check
// perf:tti --budget FILE: a budget file is read strictly, every limit is
// checked against Lighthouse's medians, and a page over one makes the command
// exit 1, naming the figure (a real Lighthouse run of Marquee); --path is checked too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBudget, readBudget } from '../../../perf/tti/lighthouse/budget.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'marquee-budget-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** @param {string} name @param {string} text */
function file(name, text) {
  const where = path.join(dir, name);
  writeFileSync(where, text);
  return where;
}

test('a budget file names only known figures, each a positive number', () => {
  assert.deepEqual(readBudget(file('ok.json', '{"interactive": 3500, "scriptKB": 110}')), {
    interactive: 3500,
    scriptKB: 110,
  });
  assert.throws(() => readBudget(file('typo.json', '{"tti": 3500}')), /unknown key "tti"/);
  assert.throws(() => readBudget(file('neg.json', '{"tbt": -1}')), /"tbt" must be a positive number/);
  assert.throws(() => readBudget(file('empty.json', '{}')), /names no figure/);
  assert.throws(() => readBudget(file('list.json', '[1]')), /must be a JSON object/);
  assert.throws(() => readBudget(file('broken.json', '{')), /broken\.json/);
  assert.throws(() => readBudget(path.join(dir, 'missing.json')), /missing\.json/);
});

test('each limit is met, exceeded, or failed for want of a figure', () => {
  const lines = checkBudget({ interactive: 3000, tbt: 200, lcp: 2500 }, { interactive: 2999, tbt: 201, lcp: null });
  assert.deepEqual(
    lines.map(({ key, ok }) => [key, ok]),
    [
      ['interactive', true],
      ['tbt', false],
      ['lcp', false],
    ],
  );
});

test('perf:tti --budget exits 1 and names the figure when the page is over it', { timeout: 180_000 }, async () => {
  // A small page of its own: the budget check needs a real Lighthouse run, not
  // a Marquee build and start (tti.test.js covers those).
  const page = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>budget</title><h1>A page</h1><script>document.body.append("ok")</script>');
  });
  page.listen(0, '127.0.0.1');
  await once(page, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (page.address());
  const budget = file('tight.json', '{"interactive": 1, "scriptKB": 100000}');
  try {
    const result = await new Promise((resolve) => {
      execFile(
        process.execPath,
        [
          ...['--import', 'tsx', 'perf/tti/index.js', '--url', `http://127.0.0.1:${port}/`],
          ...['--runs', '1', '--profile', 'none', '--lighthouse-runs', '1', '--budget', budget],
        ],
        { cwd: ROOT, timeout: 170_000 },
        (error, stdout, stderr) => resolve({ code: error ? (error.code ?? 'killed') : 0, stdout, stderr }),
      );
    });
    assert.equal(result.code, 1, `expected exit 1\n${result.stdout}\n${result.stderr}`);
    assert.match(result.stdout, /OVER interactive/, 'the interactive limit (1 ms) is reported over');
    assert.match(result.stdout, /ok {3}scriptKB\s+\d/, 'the script limit is met with a measured figure');
    assert.match(result.stderr, /over budget .*: interactive/);
  } finally {
    page.close();
  }
});

test('perf:tti --path is a path on the Marquee it starts, never beside --url', async () => {
  const { readOptions } = await import('../../../perf/tti/options.js');
  assert.equal(readOptions(['--path', '/title/x-2000']).path, '/title/x-2000');
  assert.equal(readOptions([]).path, '/');
  for (const argv of [
    ['--path', 'title'],
    ['--path', '//evil.example/'],
    ['--url', 'http://127.0.0.1:1/', '--path', '/a'],
  ]) {
    const run = await new Promise((resolve) => {
      execFile(process.execPath, ['perf/tti/index.js', ...argv], { cwd: ROOT }, (error, stdout, stderr) =>
        resolve({ code: error?.code ?? 0, stderr }),
      );
    });
    assert.equal(run.code, 2, `${argv.join(' ')} is refused`);
    assert.match(run.stderr, /--path/);
  }
});
