// @ts-check
// The idle prefetch of the first intent's chunks (client/idle.js): network only,
// and never one long task. Each idle period inserts the links it has time for
// (one at least) and leaves the rest to the next; without a deadline (the
// fallback of browsers with no requestIdleCallback), one link a turn.
// Browser globals are stubbed.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { prefetchAtIdle } from '../../client/idle.js';

const saved = Object.fromEntries(
  ['document', 'navigator', 'requestIdleCallback'].map((k) => [k, Object.getOwnPropertyDescriptor(globalThis, k)]),
);
const define = (/** @type {string} */ name, /** @type {unknown} */ value) =>
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });

/** @type {{ rel: string, as?: string, href?: string }[]} */
let head;
/** @type {((deadline: { timeRemaining: () => number, didTimeout: boolean }) => void)[]} */
let idle;

beforeEach(() => {
  head = [];
  idle = [];
  define('document', { createElement: () => ({ rel: '' }), head: { append: (/** @type {any} */ l) => head.push(l) } });
  define('navigator', {});
  define('requestIdleCallback', (/** @type {(typeof idle)[number]} */ callback) => idle.push(callback));
});

afterEach(() => {
  for (const [name, descriptor] of Object.entries(saved)) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (/** @type {any} */ (globalThis)[name]);
  }
});

/** Runs the next idle callback with `ms` of idle time that each inserted link uses up. */
function idlePeriod(/** @type {number} */ ms, costPerLink = 5) {
  const callback = idle.shift();
  assert.ok(callback, 'an idle callback is waiting');
  const start = head.length;
  callback({ didTimeout: false, timeRemaining: () => Math.max(0, ms - (head.length - start) * costPerLink) });
}

test('nothing is inserted before idle; then as many links as each idle period has time for', () => {
  const urls = ['/a.js', '/b.js', '/c.js', '/d.js', '/e.js'];
  prefetchAtIdle(urls);
  assert.equal(head.length, 0, 'nothing before idle');
  idlePeriod(12); // time for 3 links (12, 7, 2 ms left before each)
  assert.equal(head.length, 3);
  idlePeriod(0); // no time left at all: one link still, so the prefetch always moves on
  assert.equal(head.length, 4);
  idlePeriod(50);
  assert.deepEqual(
    head.map((l) => [l.rel, l.as, l.href]),
    urls.map((href) => ['prefetch', 'script', href]),
  );
  assert.equal(idle.length, 0, 'no idle callback left once every link is in');
});

test('one idle period with time for all inserts all in one go', () => {
  prefetchAtIdle(['/a.js', '/b.js']);
  idlePeriod(50);
  assert.equal(head.length, 2);
  assert.equal(idle.length, 0);
});

test('a visitor who saves data gets no prefetch', () => {
  define('navigator', { connection: { saveData: true } });
  prefetchAtIdle(['/a.js']);
  assert.equal(idle.length, 0);
  assert.equal(head.length, 0);
});
