// @ts-check
// When a lab run loads measurement (client/lab-run.js): perf:tti's loads (its cap
// set) only once lab TTI's quiet window after hydration has passed, so that
// measurement's own evaluation is not a long task inside the window Lighthouse's
// load of the same page (which never loads it) is judged on; ?perf at idle.
// Browser globals are stubbed; timers are node:test's mock timers.
import { test, beforeEach, afterEach, mock } from 'node:test';
import assert from 'node:assert/strict';
import { LAB_QUIET_WINDOW_MS, MEASUREMENT_ASKED_MARK, isLabRun, loadMeasurementForLab } from '../../client/lab-run.js';
import { QUIET_WINDOW_MS } from '../../client/measure/lab-tti.js';
import { MEASUREMENT_ASKED_MARK as MEASURED_MARK } from '../../client/measure/own-load.js';

const saved = Object.fromEntries(
  ['window', 'location', 'requestIdleCallback'].map((k) => [k, Object.getOwnPropertyDescriptor(globalThis, k)]),
);
const define = (/** @type {string} */ name, /** @type {unknown} */ value) =>
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });

beforeEach(() => {
  mock.timers.enable({ apis: ['setTimeout'] });
  // Idle comes at once here: what is measured is the wait before asking for it.
  define('requestIdleCallback', (/** @type {() => void} */ fn) => fn());
});

afterEach(() => {
  mock.timers.reset();
  for (const [name, descriptor] of Object.entries(saved)) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (/** @type {any} */ (globalThis)[name]);
  }
});

test("perf:tti's load takes measurement only after one quiet window from hydration", () => {
  define('window', { __marqueePerfCapMs: 30_000 });
  define('location', { search: '' });
  assert.equal(isLabRun(), true);
  let loaded = 0;
  loadMeasurementForLab(() => (loaded += 1));
  mock.timers.tick(LAB_QUIET_WINDOW_MS - 1);
  assert.equal(loaded, 0, 'not inside the window that decides lab TTI');
  mock.timers.tick(1);
  assert.equal(loaded, 1);
});

test('?perf takes measurement at idle; a visitor is no lab run', () => {
  define('window', {});
  define('location', { search: '?perf=1' });
  assert.equal(isLabRun(), true);
  let loaded = 0;
  loadMeasurementForLab(() => (loaded += 1));
  assert.equal(loaded, 1);
  define('location', { search: '' });
  assert.equal(isLabRun(), false);
});

test("the wait is lab TTI's own quiet window", () => {
  assert.equal(LAB_QUIET_WINDOW_MS, QUIET_WINDOW_MS);
});

test("the entry marks its ask with the name measurement's search reads", () => {
  assert.equal(MEASUREMENT_ASKED_MARK, MEASURED_MARK);
});
