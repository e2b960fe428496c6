// @ts-check
// A Lighthouse round whose trace Lighthouse could not read (NO_NAVSTART and
// kin) is run once more and the output says so; one that fails twice is
// reported as not counted, never a zero in a median nor dropped unsaid; and a
// round without a figure is not counted either.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startLighthouse } from '../../../perf/tti/lighthouse/index.js';
import { runtimeErrorCode } from '../../../perf/tti/lighthouse/run-lighthouse.js';
import { PROFILES } from '../../../perf/lib/throttling.js';

test("runtimeErrorCode reads the code at the end of Lighthouse CLI's runtime error", () => {
  const stderr =
    'LH:ChromeLauncher Waiting for browser.\nRuntime error encountered: Something went wrong with recording the trace over your page load. Please run Lighthouse again. (NO_NAVSTART)\n';
  assert.equal(runtimeErrorCode(stderr), 'NO_NAVSTART');
  assert.equal(runtimeErrorCode('Error: spawn ENOENT'), null);
});

const NAVSTART = {
  ok: /** @type {const} */ (false),
  reason: 'lighthouse failed: Runtime error encountered: … (NO_NAVSTART)',
  code: 'NO_NAVSTART',
};
const figures = (/** @type {number} */ interactive) => ({
  ok: /** @type {const} */ (true),
  interactive,
  tbt: 10,
  fcp: 500,
  lcp: 600,
  scriptKB: 0,
  marks: [],
  version: '13.5.0',
});

test('a NO_NAVSTART round is retried once and counted; twice, it is not counted and the run fails', async () => {
  /** @type {Record<string, number>} attempts per side and round */
  const attempts = {};
  const round = { page: 0, floor: 0 };
  const retrying = { page: false, floor: false };
  /** @type {string[]} */
  const lines = [];
  const log = console.log;
  console.log = (/** @type {string} */ line) => lines.push(String(line));
  try {
    const lighthouse = await startLighthouse({
      url: 'http://127.0.0.1:1/',
      options: /** @type {any} */ ({
        profile: 'mobile',
        runs: 3,
        lighthouseRuns: 3,
        lighthouseThrottling: 'devtools',
        floor: true,
        reactFloor: false,
        vs: null,
        budget: null,
      }),
      profile: PROFILES.mobile,
      progress: (line) => lines.push(line),
      traceDir: null,
      measuresItself: false,
      vsMeasuresItself: false,
      floorUrls: { floor: 'http://127.0.0.1:2/', reactFloor: null },
      runOne: async (url) => {
        const key = url.includes(':2/') ? 'floor' : 'page';
        // A new round unless this call is the retry of a NO_NAVSTART.
        if (!retrying[key]) round[key] += 1;
        const at = `${key}${round[key]}`;
        attempts[at] = (attempts[at] ?? 0) + 1;
        // The page's round 2 fails once; the floor's round 1 twice; the floor's round 3 gives no TBT.
        const result =
          (at === 'page2' && attempts[at] === 1) || at === 'floor1'
            ? NAVSTART
            : at === 'floor3'
              ? { ...figures(300), tbt: null }
              : figures(key === 'page' ? 1000 * round.page : 300);
        retrying[key] = !result.ok && attempts[at] === 1;
        return result;
      },
    });
    for (let i = 1; i <= 3; i += 1) await lighthouse.runRound(i);
    const { floorSummary, failed } = await lighthouse.finish(/** @type {any} */ ({}));
    assert.equal(failed, true, 'a round not counted fails the run');
    const summary = /** @type {any} */ (floorSummary);
    assert.equal(summary.runs.page.length, 3, "the page's retried round counts");
    assert.equal(summary.page.interactive, 2000, 'the median of 1000, 2000 and 3000: no zero, no round lost');
    assert.deepEqual(summary.retried.page, ['run 2: measured on a second attempt, the first failed with NO_NAVSTART']);
    assert.equal(summary.runs.floor.length, 1);
    assert.equal(summary.notCounted.floor.length, 2);
    assert.match(summary.notCounted.floor[0], /^run 1: NO_NAVSTART, then after one retry: .*NO_NAVSTART/);
    assert.match(summary.notCounted.floor[1], /^run 3: Lighthouse gave no tbt$/);
    assert.equal(attempts.floor1, 2, 'one retry, never more');
    assert.ok(lines.some((line) => /page 2\/3: NO_NAVSTART: .*running this round once more/.test(line)));
    assert.ok(
      lines.some((line) => /floor \(no scripts\) 1\/3: NOT COUNTED: NO_NAVSTART, then after one retry/.test(line)),
    );
    assert.ok(lines.some((line) => /Lighthouse on the page: 1 run\(s\) retried once/.test(line)));
    assert.ok(lines.some((line) => /Lighthouse on the floor \(no scripts\): 2 run\(s\) not counted/.test(line)));
  } finally {
    console.log = log;
  }
});
