// @ts-check
// perf/tti/trace/window.js on a small made-up trace: which requests and long
// tasks fall in the TTI window, what each task is attributed to, and when the
// trace is flagged as not the measured load.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarizeTraceWindow } from '../../../perf/tti/trace/window.js';
import { oneLine, medianRun } from '../../../perf/tti/trace/report.js';

const URL_ = 'http://127.0.0.1:3000/';
const ENTRY = 'http://127.0.0.1:3000/assets/index-ABC.js';
const CHUNK = 'http://127.0.0.1:3000/assets/chunks/home-XYZ.js';
const T0 = 1_000_000_000; // navigation start, µs on the trace's clock
const at = (/** @type {number} */ ms) => T0 + ms * 1000;
const PAGE = { pid: 10, tid: 10 };

/** @param {number} ms @param {number} durMs @param {string} name @param {object} [args] */
const slice = (ms, durMs, name, args = {}) => ({ name, ph: 'X', ts: at(ms), dur: durMs * 1000, ...PAGE, args });

/** @param {string} id @param {string} url @param {string} type @param {number} startMs @param {number} endMs @param {number} bytes @param {number} [pid] */
function request(id, url, type, startMs, endMs, bytes, pid = PAGE.pid) {
  return [
    {
      name: 'ResourceSendRequest',
      ph: 'I',
      ts: at(startMs + 3),
      pid,
      tid: pid,
      args: { data: { requestId: id, url, resourceType: type } },
    },
    {
      name: 'ResourceReceiveResponse',
      ph: 'I',
      ts: at(endMs - 1),
      pid,
      tid: pid,
      args: { data: { requestId: id, timing: { requestTime: at(startMs) / 1e6 } } },
    },
    {
      name: 'ResourceFinish',
      ph: 'I',
      ts: at(endMs + 2),
      pid,
      tid: pid,
      args: { data: { requestId: id, finishTime: at(endMs) / 1e6, encodedDataLength: bytes } },
    },
  ];
}

/** @param {{ url?: string, markMs?: number | null }} [change] */
function trace({ url = URL_, markMs = 1000 } = {}) {
  return [
    // about:blank's navigation, before the measured one
    {
      name: 'navigationStart',
      ph: 'R',
      ts: at(-50),
      ...PAGE,
      args: { data: { documentLoaderURL: '', isLoadingMainFrame: true, navigationId: 'BLANK' } },
    },
    {
      name: 'navigationStart',
      ph: 'R',
      ts: T0,
      ...PAGE,
      args: { data: { documentLoaderURL: url, isLoadingMainFrame: true, navigationId: 'NAV' } },
    },
    ...(markMs === null
      ? []
      : [
          {
            name: 'marquee:interactive',
            ph: 'I',
            ts: at(markMs),
            ...PAGE,
            args: { data: { navigationId: 'NAV', startTime: markMs } },
          },
        ]),
    ...request('NAV', url, 'Document', 1, 80, 9000),
    ...request('2', ENTRY, 'Script', 100, 300, 60_000),
    ...request('3', 'http://127.0.0.1:3000/art/late.webp', 'Image', 1500, 1600, 2000), // after TTI
    ...request('4', 'chrome://resources/js/assert.js', 'Script', 50, 51, 2000, 99), // another renderer
    // 120 ms task: module evaluation (no URL of its own) whose longest script call is the entry's
    slice(400, 120, 'RunTask'),
    slice(401, 100, 'v8.evaluateModule'),
    slice(405, 60, 'FunctionCall', { data: { url: ENTRY } }),
    slice(470, 10, 'FunctionCall', { data: { url: 'http://127.0.0.1:3000/assets/chunks/other.js' } }),
    slice(600, 40, 'RunTask'), // short
    slice(700, 70, 'RunTask'),
    slice(700, 30, 'ParseHTML', { beginData: { url: URL_ } }),
    slice(731, 35, 'EvaluateScript', { data: { url: ENTRY } }),
    slice(705, 55, 'RunTask'), // nested in the one above: not a task of its own
    slice(800, 60, 'RunTask'), // nothing traced inside
    // 90 ms of a chunk's module evaluation: no URL on any event inside, the sampler names it
    slice(880, 90, 'RunTask'),
    slice(881, 88, 'v8.evaluateModule'),
    slice(300, 1, 'v8.compileModule', { data: { scriptId: 7, url: CHUNK } }),
    { name: 'Profile', ph: 'P', id: '0x1', ts: at(0), ...PAGE, args: { data: { startTime: at(0) } } },
    {
      name: 'ProfileChunk',
      ph: 'P',
      id: '0x1',
      ts: at(990),
      pid: PAGE.pid,
      tid: 77, // the sampler's own thread
      args: {
        data: {
          cpuProfile: {
            nodes: [
              { id: 1, callFrame: { functionName: '(root)', scriptId: 0 } },
              { id: 2, callFrame: { functionName: '(program)', scriptId: 0 }, parent: 1 },
              { id: 3, callFrame: { functionName: 'render', scriptId: 7 }, parent: 1 },
              { id: 4, callFrame: { functionName: 'x', scriptId: 8, url: ENTRY }, parent: 1 },
            ],
            samples: [2, 3, 3, 3, 4],
          },
          // at 900, 910, 920, 930, 940 ms: 3 of 5 in the chunk's code
          timeDeltas: [900_000, 10_000, 10_000, 10_000, 10_000],
        },
      },
    },
    slice(1200, 80, 'RunTask'), // after TTI
    { name: 'RunTask', ph: 'X', ts: at(450), dur: 90_000, pid: 99, tid: 99 }, // another process
  ];
}

test('the window: requests that started before TTI, long tasks with their longest work', () => {
  const w = summarizeTraceWindow(trace(), { url: URL_, appTTI: 1000 });
  assert.deepEqual(w.problems, []);
  assert.equal(w.ok, true);
  assert.deepEqual(w.tti, { ms: 1000, source: 'marquee:interactive' });
  assert.deepEqual(
    w.requests.map((r) => [r.path, r.type, r.startMs, r.endMs, r.transferBytes]),
    [
      ['/', 'Document', 1, 80, 9000],
      ['/assets/index-ABC.js', 'Script', 100, 300, 60_000],
    ],
  );
  assert.deepEqual(
    w.longTasks.map((t) => [t.startMs, t.durationMs, t.work, t.workMs, t.url, t.sampledShare]),
    [
      [400, 120, 'v8.evaluateModule', 100, ENTRY, null],
      [700, 70, 'EvaluateScript', 35, ENTRY, null],
      [800, 60, null, 0, null, null],
      [880, 90, 'v8.evaluateModule', 88, CHUNK, 0.6],
    ],
  );
  const line = oneLine(w);
  assert.match(
    line,
    /^TTI 1000 ms \(marquee:interactive\): 2 requests before it \(1 Script 58\.6 KB, 1 Document 9000 B\), 4 long tasks: /,
  );
  assert.match(line, /120 ms \(100 ms v8\.evaluateModule \/assets\/index-ABC\.js\)/);
  assert.match(line, /90 ms \(88 ms v8\.evaluateModule \/assets\/chunks\/home-XYZ\.js in 60% of samples\)/);
});

test('a trace that is not the measured load is flagged', () => {
  const elsewhere = summarizeTraceWindow(trace({ url: 'http://127.0.0.1:3000/other' }), { url: URL_, appTTI: 1000 });
  assert.equal(elsewhere.ok, false);
  assert.match(elsewhere.problems.join(), /navigates to http:\/\/127\.0\.0\.1:3000\/other/);

  const otherMark = summarizeTraceWindow(trace(), { url: URL_, appTTI: 1400 });
  assert.equal(otherMark.ok, false);
  assert.match(otherMark.problems.join(), /mark is at 1000 ms, the page reported 1400 ms/);
  assert.match(oneLine(otherMark), /^NOT THE MEASURED LOAD\?/);

  const noMark = summarizeTraceWindow(trace({ markMs: null }), { url: URL_, appTTI: 1000 });
  assert.equal(noMark.ok, false);
  assert.match(noMark.problems.join(), /no marquee:interactive mark/);

  assert.equal(summarizeTraceWindow([], { url: URL_, appTTI: 1000 }).ok, false);
});

test('a page without the mark (--url): the window ends at the in-page lab TTI', () => {
  const w = summarizeTraceWindow(trace({ markMs: null }), { url: URL_, labTTI: 750 });
  assert.equal(w.ok, true);
  assert.deepEqual(w.tti, { ms: 750, source: 'lab TTI (in page)' });
  assert.deepEqual(
    w.longTasks.map((t) => t.startMs),
    [400, 700],
  );
});

test('the median run is the middle TTI', () => {
  const runs = [1800, 1500, 2400].map((ms, i) => ({
    ...summarizeTraceWindow(trace({ markMs: ms }), { url: URL_, appTTI: ms }),
    run: i + 1,
  }));
  assert.equal(medianRun(runs)?.run, 1);
});

test('after hydration: the long tasks from the mark to the in-page lab TTI, the window lab TTI waits in', () => {
  const w = summarizeTraceWindow(trace({ markMs: 750 }), { url: URL_, appTTI: 750, labTTI: 1300 });
  assert.equal(w.ok, true);
  assert.deepEqual(
    w.longTasks.map((t) => t.startMs),
    [400, 700],
  );
  assert.deepEqual(w.afterHydration?.untilMs, 1300);
  assert.deepEqual(
    w.afterHydration?.longTasks.map((t) => [t.startMs, t.durationMs]),
    [
      [800, 60],
      [880, 90],
      [1200, 80],
    ],
  );
  assert.match(oneLine(w), /; then to lab TTI 1300 ms: 3 long tasks, the longest 90 ms \(88 ms v8\.evaluateModule/);
  // No lab TTI after the mark, or no mark: nothing to say.
  assert.equal(summarizeTraceWindow(trace({ markMs: 750 }), { url: URL_, appTTI: 750 }).afterHydration, null);
  assert.equal(summarizeTraceWindow(trace({ markMs: null }), { url: URL_, labTTI: 750 }).afterHydration, null);
});
