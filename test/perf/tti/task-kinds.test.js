// @ts-check
// perf/tti/trace/task-kinds.js names a trace's tasks in React's terms through the bundle's source
// map: a commit is a commit, the browser's own layout is layout, and what it cannot tell is said.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tasksByKind } from '../../../perf/tti/trace/task-kinds.js';

const main = { pid: 1, tid: 1 };
const navigation = { ...main, ts: 1_000_000, name: 'navigationStart' };
/** @param {string} name @param {number} startMs @param {number} ms */
const event = (name, startMs, ms) => ({ ...main, name, ph: 'X', ts: navigation.ts + startMs * 1000, dur: ms * 1000 });

/** A CPU profile whose every sample is the bundle's line 1 (the map sends it to `function commitRoot`). */
function profile(startMs, samples, stepMs) {
  return [
    {
      ...main,
      name: 'Profile',
      id: '0x1',
      ts: navigation.ts,
      args: { data: { startTime: navigation.ts + startMs * 1000 } },
    },
    {
      ...main,
      name: 'ProfileChunk',
      id: '0x1',
      ts: navigation.ts + startMs * 1000,
      args: {
        data: {
          cpuProfile: {
            nodes: [
              { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1 } },
              {
                id: 2,
                parent: 1,
                callFrame: { functionName: 'a', url: 'http://x/assets/b.js', lineNumber: 0, columnNumber: 0 },
              },
            ],
            samples: Array(samples).fill(2),
          },
          timeDeltas: Array(samples).fill(stepMs * 1000),
        },
      },
    },
  ];
}

test('a task is named by what took most of it: the commit through the source map, layout from the trace', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-task-kinds-'));
  try {
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src/react-dom-client.production.js'), 'function commitRoot() {\n  return 1;\n}\n');
    writeFileSync(path.join(dir, 'b.js'), 'a()');
    writeFileSync(
      path.join(dir, 'b.js.map'),
      JSON.stringify({ version: 3, sources: ['src/react-dom-client.production.js'], names: [], mappings: 'AAAA' }),
    );
    const events = [
      event('RunTask', 100, 60), // the commit: samples from 100 to 160 ms
      event('RunTask', 300, 80),
      event('Layout', 305, 70),
      event('RunTask', 500, 20), // under 30 ms: not listed
      ...profile(100, 11, 5),
    ];
    const tasks = tasksByKind(events, navigation, { untilMs: 1000, bundles: { '/assets/': dir } });
    assert.deepEqual(
      tasks.map((t) => [t.startMs, t.durationMs, t.kind]),
      [
        [100, 60, 'commit'],
        [300, 80, 'layout'],
      ],
    );
    assert.ok(tasks[1].parts['browser (untraced)'] >= 9, 'what no event or sample accounts for is said');
    const unmapped = tasksByKind(events, navigation, { untilMs: 1000, bundles: {} });
    assert.notEqual(unmapped[0].kind, 'commit', 'without the map, no React name is guessed');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
