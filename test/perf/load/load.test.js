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
import { RATIO_FIGURES, formatTable } from '../../../perf/load/table.js';
import { summarize } from '../../../perf/load/level.js';
import {
  brokenSamples,
  contentOf,
  expectedCardsOf,
  levelFailures,
  preflightProblem,
} from '../../../perf/lib/page-check.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Runs perf/load/index.js with `args` plus `--json` into a fresh folder.
 * @param {string[]} args
 * @returns {Promise<{ code: number | null, output: string, json: string }>}
 */
async function runLoad(args) {
  const json = path.join(mkdtempSync(path.join(tmpdir(), 'marquee-load-')), 'load.json');
  const child = spawn(process.execPath, ['perf/load/index.js', ...args, '--json', json], {
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
  // The server's own clock covers at least its CPU; a warm keep-alive pool opens far fewer sockets than it calls.
  assert.ok(
    level.serverMsPerRequest >= level.cpuMsPerRequest * 0.5,
    `the server's own time per answer (${level.serverMsPerRequest} ms) must cover its CPU (${level.cpuMsPerRequest} ms)`,
  );
  assert.ok(
    level.upstreamConnectsPerCall > 0 && level.upstreamConnectsPerCall < 0.5,
    `new upstream sockets per call: ${level.upstreamConnectsPerCall}`,
  );
  assert.ok(existsSync(json.replace(/\.json$/, '.svg')), 'the stress-curve chart is written next to the JSON');
  assert.match(output, /req\/s\s+p50 ms/, 'the table is printed');
  assert.match(
    output,
    /visitors: returning \(5 each with 3 titles in My List/,
    'returning visitors by default, one per connection',
  );
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
  ['perf/load/index.js', ['--concurrency', 'abc']],
  ['perf/flame/index.js', ['--concurrency', 'abc']],
  ['perf/tti/index.js', ['--no-such-option']],
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

test(
  'perf:load --baseline compares the page with the same page without a data layer',
  { timeout: 90_000 },
  async () => {
    const { code, output, json } = await runLoad([
      '--baseline',
      '--concurrency',
      '2',
      '--duration',
      '2',
      '--warmup',
      '1',
    ]);
    assert.equal(code, 0, `perf:load --baseline failed:\n${output}`);
    assert.match(output, /both pages show (\d+) cards/, 'it checks the baseline does the same work');
    assert.ok(Number(/both pages show (\d+) cards/.exec(output)?.[1]) > 0);
    assert.match(output, /baseline: no data layer/);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    assert.equal(report.meta.visitors, 'new', 'the baseline has no visitors: first visits on both sides');
    for (const side of ['a', 'b']) assert.ok(report[side].levels[0].rps > 0, `${side}: some pages served`);
    assert.equal(report.b.levels[0].non2xx, 0, 'the baseline answers 200');
  },
);

// ── Honest measurement: a fast page with nothing on it is a failed level ────

test('page-check: counts the cards a page shows and tells a broken sample', () => {
  assert.deepEqual(contentOf('<!doctype html><ul><li class="card" a><li class="card" b></ul>'), {
    html: true,
    cards: 2,
  });
  assert.deepEqual(contentOf('{"jsonGraph":{}}'), { html: false, cards: 0 });
  const samples = [
    { status: 200, html: true, cards: 33 },
    { status: 200, html: true, cards: 0 },
    { status: 500, html: true, cards: 0 },
    { status: 503, html: false, cards: 0 },
  ];
  assert.equal(brokenSamples(samples, 33).length, 2, 'a page without its cards, and a 500 (a 503 may be load shed)');
  const level = { errors: 0, timeouts: 0, pagesSampled: 9, pagesBroken: 0, cardsMin: 33, expectedCards: 33 };
  const statusCodes = { 200: 90, 503: 10 };
  assert.deepEqual(levelFailures({ ...level, non2xx: 10, statusCodes, upstreamErrors: 0, shed: 10 }), [], 'all shed');
  assert.deepEqual(levelFailures({ ...level, non2xx: 10, statusCodes, upstreamErrors: 2, shed: 4 }), [
    '6 answers not 2xx besides 4 shed (503: 10)',
    '2 upstream errors (marquee_upstream_errors_total)',
  ]);
  assert.equal(brokenSamples([{ status: 200, html: false, cards: 0 }], 0).length, 0, 'not a card page: status only');
  assert.equal(expectedCardsOf({ status: 200, html: true, cards: 0, bytes: 1 }, '/'), 1, "the app's pages show cards");
  assert.equal(expectedCardsOf({ status: 200, html: true, cards: 0, bytes: 1 }, '/perf'), 0);
  assert.match(preflightProblem({ status: 200, html: true, cards: 0, bytes: 1 }, '/') ?? '', /0 cards/);
  assert.match(preflightProblem({ status: 500, html: true, cards: 0, bytes: 1 }, '/title/x') ?? '', /answered 500/);
  assert.equal(preflightProblem({ status: 200, html: true, cards: 30, bytes: 1 }, '/'), null);
});

test('summarize: 0-card pages served fast fail their level, and the table says so', () => {
  const run = (/** @type {number} */ cards) => ({
    cannon: {
      durationS: 2,
      requests: 187,
      errors: 0,
      timeouts: 0,
      non2xx: 0,
      latencies: [10, 11, 12],
      firstBytes: [1, 1, 1],
      generatorCpuMs: 100,
      generatorWallMs: 2000,
      bytes: 187 * 9000,
      statusCodes: { 200: { count: 187 } },
      samples: [
        { status: 200, html: true, cards },
        { status: 200, html: true, cards },
      ],
    },
    server: null,
    expectedCards: 33,
  });
  const healthy = summarize(20, [run(33)]);
  assert.deepEqual(healthy.failures, []);
  const broken = summarize(20, [run(0), run(0)]);
  assert.equal(broken.rps, 93.5, 'fast');
  assert.equal(broken.errors, 0, 'and no request failed');
  assert.equal(broken.pagesBroken, 4);
  assert.match(broken.failures.join(), /4 of 4 sampled pages broken \(fewest cards 0, healthy page 33\)/);
  assert.equal(broken.bytesPerRequest, 9000);
  assert.match(formatTable([broken]), /FAILED at c=20: 4 of 4 sampled pages broken/);
  assert.match(formatTable([broken]), / 0\/33 /, 'the cards column');
});

test(
  "perf:load --vs 'CATALOG_ERROR_RATE=1': B gets its own failing catalog, and a broken page stops the run",
  { timeout: 90_000 },
  async () => {
    const { code, output } = await runLoad([
      '--vs',
      'CATALOG_ERROR_RATE=1',
      '--visitors',
      'new',
      '--concurrency',
      '2',
      '--duration',
      '1',
      '--warmup',
      '0',
    ]);
    assert.equal(code, 1, `a broken page must fail the run:\n${output}`);
    assert.match(output, /A: 200, \d+ bytes, [1-9]\d* cards/, "A's catalog is healthy: the knob went to B's only");
    assert.match(output, /perf:load: B: GET \/ answered 200 with 0 cards/, 'B is named, loudly');
    assert.match(output, /--allow-broken measures it anyway/);
  },
);
