// @ts-check
// npm run perf:input end to end (issue 20): builds and starts Marquee, clicks
// a My List button in real Chromium while rows and posters load, and reports
// click to next paint. Not a speed test: the figure must be measured and sane.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runNode } from '../helpers/run-node.js';

test(
  'perf:input --runs 1 measures click to next paint and checks the click toggled',
  { timeout: 150_000 },
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'marquee-input-'));
    const json = path.join(dir, 'input.json');
    try {
      const { code, stdout, stderr } = await runNode(
        [
          'perf/input/index.js',
          ...['--runs', '1', '--warmup', '0', '--skip-bytes', '--floor'],
          ...['--latency', '50', '--jitter', '0', '--json', json],
        ],
        {
          // VISITOR_STORE=memory: nothing written to the repo's data/; no shedding on a busy machine.
          env: {
            ...process.env,
            VISITOR_STORE: 'memory',
            OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
            OVERLOAD_EVENT_LOOP_UTILIZATION_PCT: '0',
          },
          timeoutMs: 140_000,
        },
      );
      assert.equal(code, 0, `perf:input failed\n${stderr}`);
      assert.match(String(stdout), /this checkout: median \d+ ms · p90 \d+ ms/);
      const result = JSON.parse(readFileSync(json, 'utf8'));
      assert.match(String(stdout), /this checkout, no posters: median \d+ ms/);
      const [target, floor] = result.targets;
      assert.equal(floor.label, 'this checkout, no posters');
      assert.deepEqual(floor.failures, [], 'the floor showed no poster (it would fail the run)');
      assert.equal(floor.clicks.length, 1);
      assert.equal(target.failures.length, 0);
      assert.equal(target.clicks.length, 1);
      for (const click of target.clicks) {
        assert.ok(
          click.ms > 0 && click.ms < 10_000,
          `click to paint ${click.ms} ms: measured, and below a loose bound`,
        );
        assert.ok(['event-timing', 'frame-poll'].includes(click.source));
        assert.ok(click.framePollMs > 0, 'the per-frame poll saw aria-pressed="true"');
      }
      assert.deepEqual(target.posterBytes, {}, '--skip-bytes (test/browser/posters.test.js measures them)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
