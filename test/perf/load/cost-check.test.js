// @ts-check
// perf:load --cost-check and --per-card end to end, briefly: the plain page
// starts and shows its cards, --record writes the ratio it measured, and a
// recorded ratio the page is far over fails the run with exit 1. The ratio
// itself is not judged here (docs/server-cost.md has its noise).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runNode } from '../../helpers/run-node.js';

const SHORT = ['--duration', '2', '--rounds', '1', '--warmup', '0', '--concurrency', '2'];

test('--cost-check: --record writes the ratio; 1.5x over the recorded one fails', { timeout: 170_000 }, async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'marquee-cost-')), 'cost.json');
  const recorded = await runNode(['perf/load/index.js', '--cost-check', file, '--record', ...SHORT]);
  assert.equal(recorded.code, 0, `--record failed:\n${recorded.stdout}${recorded.stderr}`);
  assert.match(recorded.stdout, /plain 200 cards: .*, 200 cards/, 'the plain page shows its 200 cards');
  const { ratio } = JSON.parse(readFileSync(file, 'utf8'));
  assert.ok(ratio > 0, `a ratio recorded (${ratio})`);

  // A recorded ratio a hundredth of any real one: Marquee's page is far over 1.5x of it.
  writeFileSync(file, JSON.stringify({ ratio: 0.01 }));
  const over = await runNode(['perf/load/index.js', '--cost-check', file, ...SHORT]);
  assert.equal(over.code, 1, `a page over the limit fails the check:\n${over.stdout}${over.stderr}`);
  assert.match(
    over.stdout,
    /recorded 0\.01x, limit .*: FAIL/,
    `not the ratio's failure:\n${over.stdout}${over.stderr}`,
  );
});

test('--cost-check without a recorded file, and --record alone, are refused in a line', async () => {
  const missing = await runNode(['perf/load/index.js', '--cost-check', '/nonexistent/cost.json', ...SHORT]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /no recorded ratio \(--record writes one\)/);
  const alone = await runNode(['perf/load/index.js', '--record']);
  assert.equal(alone.code, 1);
  assert.match(alone.stderr, /--record goes with --cost-check FILE/);
  assert.doesNotMatch(alone.stderr, /\n\s+at /, 'no stack trace');
});
