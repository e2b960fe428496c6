// @ts-check
// Which source lab TTI's long tasks come from (client/measure/long-tasks.js,
// issue 37): LoAF first (it counts rendering, as Lighthouse's trace does),
// Long Tasks as the fallback, and Long Tasks alone on request (the old
// method's figure, kept for one release). PerformanceObserver is stubbed.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { loafAsLongTask, observeLongTasks } from '../../../client/measure/long-tasks.js';

const saved = Object.getOwnPropertyDescriptor(globalThis, 'PerformanceObserver');
afterEach(() => {
  if (saved) Object.defineProperty(globalThis, 'PerformanceObserver', saved);
  else delete (/** @type {any} */ (globalThis).PerformanceObserver);
});

/** @type {string[]} the entry types observed */
let observed = [];
/** @param {string[]} types what the browser offers */
function browserWith(types) {
  observed = [];
  Object.defineProperty(globalThis, 'PerformanceObserver', {
    configurable: true,
    writable: true,
    value: Object.assign(
      class {
        observe(/** @type {{ type: string }} */ { type }) {
          observed.push(type);
        }
        disconnect() {}
      },
      { supportedEntryTypes: types },
    ),
  });
}

test('Chromium (both APIs): LoAF, so that rendering counts', () => {
  browserWith(['longtask', 'long-animation-frame', 'paint']);
  assert.equal(observeLongTasks()?.method, 'loaf');
  assert.deepEqual(observed, ['long-animation-frame']);
});

test('Long Tasks alone: the fallback', () => {
  browserWith(['longtask']);
  assert.equal(observeLongTasks()?.method, 'longtask');
});

// Frames from a desktop load's LoAF entries beside the same load's trace (issue 37).
test('LoAF: a frame counts when the trace would have a long task in it, not for its short tasks in a row', () => {
  const frame = (
    /** @type {number} */ startTime,
    /** @type {number} */ duration,
    /** @type {number} */ blockingDuration,
    /** @type {number} */ renderAfter,
  ) => ({
    startTime,
    duration,
    blockingDuration,
    renderStart: renderAfter === null ? 0 : startTime + renderAfter,
  });
  // Short tasks in a row, then a 6 ms rendering: 53 ms of frame, no long task in the trace.
  assert.equal(loafAsLongTask(frame(1220, 53, 3, 47)), null);
  // 106 ms of short tasks (hydration's slices) before a 4 ms rendering: none either.
  assert.equal(loafAsLongTask(frame(841, 110, 0, 106)), null);
  // A 130 ms module evaluation then a 1 ms rendering: long, ending with the frame, 80 ms of blocking for TBT.
  assert.deepEqual(loafAsLongTask(frame(570, 140, 81, 139)), { start: 710 - 80 - 50, end: 710 });
  // A 120 ms layout after a short script: the rendering is long on its own.
  assert.deepEqual(loafAsLongTask(frame(275, 156, 94, 36)), { start: 431 - 70 - 50, end: 431 });
  // No rendering in the frame (renderStart 0): its blocking is the task's.
  assert.deepEqual(loafAsLongTask(frame(1623, 89, 39, null)), { start: 1712 - 39 - 50, end: 1712 });
});

test('LoAF: the search reads only the frames with a long task in them', () => {
  /** @type {(list: { getEntries: () => object[] }) => void} */
  let deliver = () => {};
  Object.defineProperty(globalThis, 'PerformanceObserver', {
    configurable: true,
    writable: true,
    value: Object.assign(
      class {
        constructor(/** @type {typeof deliver} */ callback) {
          deliver = callback;
        }
        observe() {}
        disconnect() {}
      },
      { supportedEntryTypes: ['long-animation-frame', 'longtask'] },
    ),
  });
  const source = observeLongTasks();
  deliver({
    getEntries: () => [
      { startTime: 1220, duration: 53, blockingDuration: 3, renderStart: 1267 },
      { startTime: 570, duration: 140, blockingDuration: 81, renderStart: 709 },
    ],
  });
  assert.deepEqual(source?.read(), [{ start: 580, end: 710 }]);
});
