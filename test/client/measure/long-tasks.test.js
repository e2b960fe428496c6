// @ts-check
// Which source lab TTI's long tasks come from (client/measure/long-tasks.js,
// issue 37): LoAF first (it counts rendering, as Lighthouse's trace does),
// Long Tasks as the fallback, and Long Tasks alone on request (the old
// method's figure, kept for one release). PerformanceObserver is stubbed.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { observeLongTasks, offers } from '../../../client/measure/long-tasks.js';

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
  assert.equal(offers('loaf') && offers('longtask'), true);
});

test('Long Tasks alone: the fallback', () => {
  browserWith(['longtask']);
  assert.equal(observeLongTasks()?.method, 'longtask');
  assert.equal(offers('loaf'), false);
});

test("the old method's figure: Long Tasks on request, none where the browser lacks them", () => {
  browserWith(['longtask', 'long-animation-frame']);
  assert.equal(observeLongTasks('longtask')?.method, 'longtask');
  assert.deepEqual(observed, ['longtask']);
  browserWith(['long-animation-frame']);
  assert.equal(observeLongTasks('longtask'), null, 'no heartbeat stands in for a method asked for by name');
});
