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

test('summarize: the tail sets the first wave apart from the steady state, and says what it measured', () => {
  const steady = Array.from({ length: 100 }, (_, i) => 1000 + i);
  const firstWave = Array.from({ length: 20 }, (_, i) => 2000 + i * 50);
  const level = summarize(20, [
    {
      ...run({
        latencies: [...firstWave, ...steady],
        steadyLatencies: steady,
        firstWave: { endMs: 3000, maxMs: 2950 },
        generatorWaitMs: 100,
      }),
      queues: {
        acceptQueueMax: 20,
        listenOverflows: 0,
        listenDrops: 0,
        unreadByAppMax: 0,
        unreadByClientMax: 0,
        samples: 9,
      },
      app: { waitMs: 500, wallMs: 2000 },
    },
  ]);
  assert.equal(level.tail.firstWaveMaxMs, 2950);
  assert.equal(level.tail.steadyPages, 100);
  assert.equal(level.tail.steadyP99, 1098);
  assert.equal(level.tail.appWaitedForCore, 0.25);
  assert.equal(level.tail.generatorWaitedForCore, 0.05);
  assert.equal(level.tail.measuredServer, true);
  assert.match(
    formatTable([level]),
    /first wave .* slowest 2950 ms.*waited for a core: app 25%, generator 5%.*measured the server/s,
  );

  const overflowed = summarize(20, [
    {
      ...run({ steadyLatencies: [1, 2, 3], firstWave: { endMs: 1, maxMs: 1 } }),
      queues: {
        acceptQueueMax: 511,
        listenOverflows: 3,
        listenDrops: 3,
        unreadByAppMax: 0,
        unreadByClientMax: 0,
        samples: 9,
      },
    },
  ]);
  assert.equal(overflowed.tail.measuredServer, false, 'a listen overflow is a wait the generator timed, not the app');
  assert.match(formatTable([overflowed]), /CHECK: the generator or the machine may be the limit/);
});
