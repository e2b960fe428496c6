// @ts-check
// perf:tti --heartbeat-vs: in Chromium, each page load finds lab TTI three
// ways at once (Long Tasks, LoAF, the heartbeat Firefox and Safari run) and
// the tool checks each load measured what it claims: the page's own lab TTI is
// the Long Tasks one, and the heartbeat was beating over every long task of
// 100 ms or more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { summarizeFidelity } from '../../../perf/tti/heartbeat-vs/fidelity.js';
import { runNode } from '../../helpers/run-node.js';

/**
 * @param {number} longtask @param {number} loaf @param {number} heartbeat lab TTIs, ms
 * @param {{ page?: number, sure?: number, seen?: number }} [checks]
 * @returns {import('../../../perf/tti/heartbeat-vs/fidelity-run.js').FidelityRun}
 */
function load(longtask, loaf, heartbeat, { page = longtask, sure = 2, seen = sure } = {}) {
  const found = (/** @type {number} */ value) => ({
    status: /** @type {const} */ ('found'),
    value,
    tbt: 0,
    longTasks: 1,
  });
  return {
    methods: { longtask: found(longtask), loaf: found(loaf), heartbeat: found(heartbeat) },
    page: { labTTI: page, method: 'longtask' },
    sureTasks: sure,
    sureTasksSeen: seen,
  };
}

test('the fidelity summary: ratios of the medians and per load, and loads that did not measure what they claim', () => {
  const good = summarizeFidelity([load(1000, 1200, 1100), load(2000, 2400, 2300), load(3000, 3000, 3600)]);
  assert.equal(good.methods.heartbeat.labTTI?.median, 2300);
  assert.equal(good.vsLongTasks.heartbeat.ofMedians, 1.15);
  assert.equal(good.vsLongTasks.heartbeat.perLoadMedian, 1.15, 'per load: 1.1, 1.15, 1.2');
  assert.equal(good.heartbeatVsLoaf.ofMedians, 0.96);
  assert.equal(good.trustworthy, true);

  const missed = summarizeFidelity([load(1000, 1000, 1000), load(1000, 1000, 1000, { sure: 3, seen: 2 })]);
  assert.equal(missed.trustworthy, false, 'a long task of 100 ms with no stall over it: the heartbeat was not beating');
  const disagrees = summarizeFidelity([load(1000, 1000, 1000, { page: 1500 })]);
  assert.equal(disagrees.trustworthy, false, "the page's own lab TTI is not the Long Tasks one computed by the tool");
  const nothing = summarizeFidelity([load(1000, 1000, 1000, { sure: 0 })]);
  assert.equal(nothing.trustworthy, false, 'no long task to check the heartbeat against');
});

test(
  'perf:tti --heartbeat-vs --runs 1 finds lab TTI three ways in one Marquee page load and checks it',
  { timeout: 180_000 },
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'marquee-heartbeat-vs-'));
    const json = path.join(dir, 'fidelity.json');
    try {
      const { code, stdout, stderr } = await runNode([
        'perf/tti/index.js',
        '--heartbeat-vs',
        '--runs',
        '1',
        // 4x CPU: start-up has a long task of 100 ms or more to check the heartbeat against on any machine
        // (unthrottled, a fast moment's load had none, and the run was rightly not trusted).
        '--profile',
        'mobile',
        '--json',
        json,
      ]);
      assert.equal(code, 0, `perf:tti --heartbeat-vs failed\n${stdout}\n${stderr}`);
      assert.match(stderr, /run 1\/1: lab TTI by longtask \d+ ms · loaf \d+ ms · heartbeat \d+ ms/);
      for (const method of ['longtask', 'loaf', 'heartbeat'])
        assert.match(stdout, new RegExp(`^  ${method} +1/1 +\\d+ ms`, 'm'), `a row for ${method}\n${stdout}`);
      // Issue 37: Chromium's page measures by LoAF.
      assert.match(stdout, /the page's own lab TTI is the loaf row's in 1\/1 loads/);
      assert.match(stdout, /the heartbeat has a stall over (\d+) of \1 long tasks of 100 ms or more/);
      assert.match(stdout, /^fidelity \(medians\): heartbeat against Long Tasks (NOT )?within 10%/m);
      const { heartbeatFidelity } = JSON.parse(readFileSync(json, 'utf8'));
      assert.equal(heartbeatFidelity.runs[0].page.method, 'loaf', "Chromium's page measured by LoAF");
      assert.equal(heartbeatFidelity.runs[0].methods.heartbeat.status, 'found');
      assert.ok(heartbeatFidelity.checks.sureTasks > 0, 'the start-up has a long task to check the heartbeat against');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test('perf:tti --heartbeat-vs measures on its own: refused beside --vs, --trace or --lighthouse, exit code 2', async () => {
  for (const other of [['--vs', 'http://127.0.0.1:1/'], ['--trace'], ['--lighthouse']]) {
    const run = await runNode(['perf/tti/index.js', '--heartbeat-vs', ...other]);
    assert.equal(run.code, 2, `${other.join(' ')} is refused`);
    assert.match(run.stderr, /--heartbeat-vs measures on its own: not with --/);
  }
});
