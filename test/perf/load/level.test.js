// @ts-check
// perf/load/level.js summarize(): the figures of one load level, merged from
// its runs. autocannon counts each timeout as an error too; the table's
// errors and timeouts columns must not count the same request twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarize } from '../../../perf/load/level.js';
import { formatTable } from '../../../perf/load/table.js';

/**
 * One run as runCannon() reports it, without server figures.
 * @param {Partial<import('../../../perf/lib/cannon.js').CannonRun>} cannon
 */
function run(cannon) {
  return {
    cannon: {
      durationS: 2,
      requests: 100,
      errors: 0,
      timeouts: 0,
      non2xx: 0,
      latencies: [1, 2, 3],
      firstBytes: [1, 1, 1],
      generatorCpuMs: 100,
      generatorWallMs: 2000,
      ...cannon,
    },
    server: null,
  };
}

test('summarize: errors exclude timeouts, which autocannon also counts as errors', () => {
  const level = summarize(5, [run({ errors: 7, timeouts: 3 }), run({ errors: 4, timeouts: 4 })]);
  assert.equal(level.timeouts, 7);
  assert.equal(level.errors, 4, 'errors = autocannon errors (11) - timeouts (7)');
  assert.equal(level.requests, 200);
  assert.equal(level.rps, 50);
});

test('formatTable: says that errors exclude timeouts once either is counted', () => {
  const clean = formatTable([summarize(1, [run({})])]);
  assert.doesNotMatch(clean, /other than timeouts/);
  const failing = formatTable([summarize(1, [run({ errors: 2, timeouts: 2 })])]);
  assert.match(failing, /errors: failed requests other than timeouts/);
});
