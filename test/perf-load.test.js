// @ts-check
// perf:load end to end, briefly: catalog and app in their own processes, one
// 2-second level, and the JSON and the chart it writes. No figure is judged
// here (timed assertions on a shared machine only measure the machine).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RATIO_FIGURES } from '../perf/lib/table.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs perf/load.js with `args` plus `--json` into a fresh folder.
 * @param {string[]} args
 * @returns {Promise<{ code: number | null, output: string, json: string }>}
 */
async function runLoad(args) {
  const json = path.join(mkdtempSync(path.join(tmpdir(), 'marquee-load-')), 'load.json');
  const child = spawn(process.execPath, ['perf/load.js', ...args, '--json', json], {
    cwd: ROOT,
    // VISITOR_STORE=memory: the returning visitors' lists stay out of the repo's data/.
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', VISITOR_STORE: 'memory' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  return { code, output, json };
}

test('perf:load --duration 2 --concurrency 5 --json writes every figure', { timeout: 60_000 }, async () => {
  const { code, output, json } = await runLoad(['--duration', '2', '--warmup', '1', '--concurrency', '5']);
  assert.equal(code, 0, `perf:load failed:\n${output}`);

  const report = JSON.parse(readFileSync(json, 'utf8'));
  assert.equal(report.levels.length, 1);
  const [level] = report.levels;
  assert.equal(level.concurrency, 5);
  assert.ok(level.rps > 0, 'some requests completed');
  for (const key of [...RATIO_FIGURES, 'poolPendingMax']) {
    assert.equal(typeof level[key], 'number', `levels[0].${key} must be a number`);
  }
  for (const key of ['errors', 'timeouts', 'non2xx']) assert.equal(level[key], 0, `${key} at c=5`);
  assert.ok(existsSync(json.replace(/\.json$/, '.svg')), 'the stress-curve chart is written next to the JSON');
  assert.match(output, /req\/s\s+p50 ms/, 'the table is printed');
  assert.match(output, /visitors: returning \(5 each with 3 titles in My List/, 'returning visitors by default, one per connection');
  assert.equal(report.meta.visitors, 'returning');
});

test("perf:load --vs 'ATF_ROWS=all' writes a, b and their ratio per level", { timeout: 90_000 }, async () => {
  const { code, output, json } = await runLoad([
    '--vs',
    'ATF_ROWS=all',
    '--concurrency',
    '2',
    '--duration',
    '2',
    '--warmup',
    '1',
  ]);
  assert.equal(code, 0, `perf:load --vs failed:\n${output}`);

  const report = JSON.parse(readFileSync(json, 'utf8'));
  assert.deepEqual(Object.keys(report).sort(), ['a', 'b', 'meta', 'ratio'], 'the --vs JSON as README.md describes it');
  assert.deepEqual(report.a.env, {});
  assert.deepEqual(report.b.env, { ATF_ROWS: 'all' });
  for (const side of ['a', 'b']) {
    assert.equal(report[side].levels.length, 1, `${side}.levels: one per concurrency level`);
    assert.equal(report[side].levels[0].concurrency, 2);
    assert.ok(report[side].levels[0].rps > 0, `${side}.levels[0].rps: some requests completed`);
  }
  assert.equal(report.ratio.levels.length, 1);
  const [ratio] = report.ratio.levels;
  assert.equal(ratio.concurrency, 2);
  for (const key of RATIO_FIGURES) assert.ok(key in ratio, `ratio.levels[0].${key}`);
  const [a, b] = [report.a.levels[0], report.b.levels[0]];
  assert.equal(ratio.rps, Math.round((a.rps / b.rps) * 100) / 100, 'ratio.levels[0].rps is a.rps over b.rps');
  assert.match(output, /ratio A \/ B:/, 'the ratios are printed');
});

for (const [script, args] of /** @type {const} */ ([
  ['perf/load.js', ['--concurrency', 'abc']],
  ['perf/flame.js', ['--concurrency', 'abc']],
  ['perf/tti.js', ['--no-such-option']],
])) {
  test(
    `${script} ${args.join(' ')}: one line on stderr and exit code 1, no stack trace`,
    { timeout: 30_000 },
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      assert.equal(code, 1, `exit code of a bad option; stderr:\n${stderr}`);
      const lines = stderr.trim().split('\n');
      assert.equal(lines.length, 1, `one line, not a stack trace or the usage:\n${stderr}`);
      assert.match(
        lines[0],
        /^perf:(load|flame|tti): .*(abc|--no-such-option)/,
        'the message names the script and the bad value',
      );
      assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace');
    },
  );
}

test('perf:load --baseline compares the page with the same page without a data layer', { timeout: 90_000 }, async () => {
  const { code, output, json } = await runLoad(['--baseline', '--concurrency', '2', '--duration', '2', '--warmup', '1']);
  assert.equal(code, 0, `perf:load --baseline failed:\n${output}`);
  assert.match(output, /both pages show (\d+) cards/, 'it checks the baseline does the same work');
  assert.ok(Number(/both pages show (\d+) cards/.exec(output)?.[1]) > 0);
  assert.match(output, /baseline: no data layer/);
  const report = JSON.parse(readFileSync(json, 'utf8'));
  assert.equal(report.meta.visitors, 'new', 'the baseline has no visitors: first visits on both sides');
  for (const side of ['a', 'b']) assert.ok(report[side].levels[0].rps > 0, `${side}: some pages served`);
  assert.equal(report.b.levels[0].non2xx, 0, 'the baseline answers 200');
});
