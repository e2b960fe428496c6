// @ts-check
// The Lighthouse TTI search of client/measure/lab-tti.js, on made-up timelines
// (the cases of Lighthouse's own interactive-test.js, in spirit).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findLabTTI, networkQuietPeriods, totalBlockingTime } from '../../../client/measure/lab-tti.js';
import { withoutOwnLoad } from '../../../client/measure/own-load.js';

const task = (/** @type {number} */ start, /** @type {number} */ duration) => ({ start, end: start + duration });
const request = (/** @type {number} */ start, /** @type {number} */ end) => ({ start, end });

test('no long task, quiet network: TTI is the later of FCP and DOMContentLoaded', () => {
  const result = findLabTTI({ longTasks: [], requests: [request(0, 200)], fcp: 300, dcl: 350, now: 6000 });
  assert.deepEqual(result, { value: 350 });
});

test('TTI is the end of the last long task before a 5 s quiet window', () => {
  const longTasks = [task(500, 120), task(1500, 80)];
  const result = findLabTTI({ longTasks, requests: [request(0, 200)], fcp: 400, dcl: 420, now: 7000 });
  assert.deepEqual(result, { value: 1580 });
});

test('a long task inside the window pushes TTI past it', () => {
  const longTasks = [task(500, 100), task(4000, 60)];
  // At 8 s the window after 4,060 is only 3.9 s long: not found yet.
  assert.deepEqual(findLabTTI({ longTasks, requests: [], fcp: 300, dcl: 300, now: 8000 }), { reason: 'cpu' });
  assert.deepEqual(findLabTTI({ longTasks, requests: [], fcp: 300, dcl: 300, now: 9100 }), { value: 4060 });
});

test('more than two GETs in flight keep the network busy', () => {
  const requests = [request(0, 3000), request(100, 3000), request(200, 3000)];
  // The CPU is quiet from 0, but the network only from 3,000 (two of the three end then).
  assert.deepEqual(findLabTTI({ longTasks: [], requests, fcp: 200, dcl: 200, now: 7000 }), { reason: 'network' });
  const found = findLabTTI({ longTasks: [], requests, fcp: 200, dcl: 200, now: 8100 });
  assert.deepEqual(found, { value: 200 }, 'the CPU window starts at 0; TTI is clamped to FCP');
});

test('the window must end after FCP + 5 s, as in Lighthouse (not LCP + 5 s)', () => {
  assert.deepEqual(findLabTTI({ longTasks: [], requests: [], fcp: 2500, dcl: 100, now: 7400 }), { reason: 'cpu' });
  // LCP at 2,500 ms plays no part: FCP + 5 s = 5,100 < 5,600, so the window from 0 counts.
  assert.deepEqual(findLabTTI({ longTasks: [], requests: [], fcp: 100, dcl: 100, now: 5600 }), { value: 100 });
});

test('network quiet periods allow two requests in flight', () => {
  const periods = networkQuietPeriods([request(0, 100), request(10, 50), request(20, 80)], 2, 500);
  assert.deepEqual(periods, [
    { start: 0, end: 20 },
    { start: 50, end: 500 },
  ]);
});

test('TBT counts each task beyond 50 ms, clipped to [FCP, TTI]', () => {
  const longTasks = [task(0, 150), task(1000, 70), task(3000, 200)];
  // [100, 150] clipped to 50 ms → 0; 70 → 20; [3000, 3100] clipped at TTI 3100 → 50.
  assert.equal(totalBlockingTime(longTasks, 100, 3100), 0 + 20 + 50);
});

test("measurement's own load is not the page's long task: lab TTI as a load without it (issue 46)", () => {
  const page = [{ start: 2900, end: 3200 }];
  // Asked for 5 s after the mark, evaluated 4.8 s after the last long task: inside the window.
  const own = { start: 7950, end: 8100 };
  const longTasks = [...page, { start: 8000, end: 8125 }];
  const input = { requests: [], fcp: 1200, dcl: 3200, now: 20_000 };
  assert.deepEqual(findLabTTI({ longTasks, ...input }), { value: 8125 }, 'counted, it moves lab TTI');
  assert.deepEqual(withoutOwnLoad(longTasks, own), page);
  assert.deepEqual(findLabTTI({ longTasks: withoutOwnLoad(longTasks, own), ...input }), { value: 3200 });
  assert.equal(withoutOwnLoad(longTasks, null), longTasks, 'nothing left out where measurement was not asked for');
});
