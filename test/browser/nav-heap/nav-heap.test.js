// @ts-check
// npm run perf:nav-heap end to end (issues 19 and 27): starts Marquee, makes client
// navigations to new titles in real Chromium and reports the heap after a
// forced GC at each step. Not a memory test: the figures must be measured and
// sane, and bad options refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const ENV = { ...process.env, VISITOR_STORE: 'memory', OVERLOAD_EVENT_LOOP_DELAY_MS: '0' };

/**
 * @param {string[]} args
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
function navHeap(args) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['perf/nav-heap/index.js', ...args],
      { cwd: ROOT, env: ENV, timeout: 180_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// The "more like this" walk (issue 27): its first steps are the default walk's too
// (a card on the page shown), so one run covers both without a second browser.
test('perf:nav-heap --walk more-like-this --navs 4 --every 2: two heap readings after real navigations, and the growth', async () => {
  const { code, stdout, stderr } = await navHeap(['--walk', 'more-like-this', '--navs', '4', '--every', '2']);
  assert.equal(code, 0, `${stdout}\n${stderr}`);
  assert.match(stdout, /4 client navigations to new titles \(more-like-this walk\)/);
  const heaps = [...stdout.matchAll(/(\d+) navigations: heap (\d+) KB/g)].map((m) => [Number(m[1]), Number(m[2])]);
  assert.deepEqual(
    heaps.map(([n]) => n),
    [2, 4],
  );
  // A page's heap is megabytes, not bytes nor gigabytes.
  for (const [, kb] of heaps) assert.ok(kb > 500 && kb < 500_000, `a sane heap: ${kb} KB`);
  assert.match(stdout, /heap after forced GC: \d+ KB at 2, \d+ KB at 4: [\d.]+x/);
});

// The issue-38 walk, with snapshots: the diff between the first and the last is printed by constructor.
test('perf:nav-heap --walk home-and-more --navs 4 --every 2 --snapshots DIR: a snapshot per step, and what grew between them', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nav-heap-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const { code, stdout, stderr } = await navHeap([
    '--walk',
    'home-and-more',
    '--navs',
    '4',
    '--every',
    '2',
    '--snapshots',
    dir,
  ]);
  assert.equal(code, 0, `${stdout}\n${stderr}`);
  assert.match(stdout, /4 client navigations to new titles \(home-and-more walk\)/);
  assert.deepEqual(readdirSync(dir).sort(), ['nav-2.heapsnapshot', 'nav-4.heapsnapshot']);
  assert.match(stdout, /what grew from navigation 2 to navigation 4, by constructor/);
  assert.match(stdout, /^ {2}\(code\) +\d+ \([+-]\d+\) +[\d.]+ KB \([+-][\d.]+ KB\)$/m);
});

test('perf:nav-heap refuses bad options with exit code 2', async () => {
  const { code, stderr } = await navHeap(['--navs', '0']);
  assert.equal(code, 2);
  assert.match(stderr, /--navs must be/);
  const walk = await navHeap(['--walk', 'random']);
  assert.equal(walk.code, 2);
  assert.match(walk.stderr, /--walk must be back-and-next, more-like-this, home-and-more, got random/);
});

test('perf:nav-heap prints its options with --help, and names an unknown one in one line', async () => {
  const help = await navHeap(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /--navs N/);
  const unknown = await navHeap(['--nope']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /^perf:nav-heap: .*--nope.*\(--help lists the options\)\n$/);
});
