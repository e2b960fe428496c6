// @ts-check
// The page head's hide sender (client/measure/hide-beacon.js, inline since issue 37's
// budgets): a page hidden before measurement loaded sends what the browser holds, once;
// a page whose measurement loaded leaves the beacon to it. Browser globals are stubbed.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { armHideBeacon } from '../../../client/measure/hide-beacon.js';
import { sendBeaconOnce } from '../../../client/measure/beacon.js';
import { createPerfStore } from '../../../client/measure/store.js';

/** @type {{ url: string, body: any }[]} */
let sent;
/** @type {Map<string, Function[]>} */
let listeners;
const NAMES = [
  'navigator',
  'document',
  'performance',
  'addEventListener',
  'removeEventListener',
  'PerformanceObserver',
  '__marqueeBeacon',
];
const saved = Object.fromEntries(NAMES.map((k) => [k, Object.getOwnPropertyDescriptor(globalThis, k)]));

beforeEach(() => {
  // A new page view: the two senders' shared state starts empty (client/measure/one-beacon.js).
  delete (/** @type {any} */ (globalThis).__marqueeBeacon);
  sent = [];
  listeners = new Map();
  const define = (/** @type {string} */ name, /** @type {unknown} */ value) =>
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  define('navigator', {
    sendBeacon: (/** @type {string} */ url, /** @type {string} */ body) => sent.push({ url, body: JSON.parse(body) }),
  });
  define('document', { visibilityState: 'visible' });
  define('addEventListener', (/** @type {string} */ type, /** @type {Function} */ fn) =>
    listeners.set(type, [...(listeners.get(type) ?? []), fn]),
  );
  define('removeEventListener', (/** @type {string} */ type, /** @type {Function} */ fn) =>
    listeners.set(
      type,
      (listeners.get(type) ?? []).filter((f) => f !== fn),
    ),
  );
  const entries = {
    navigation: [{ type: 'navigate', responseStart: 120, activationStart: 0 }],
    'first-contentful-paint': [{ startTime: 640 }],
    'marquee:interactive': [{ startTime: 1500 }],
  };
  define('performance', {
    getEntriesByType: (/** @type {string} */ type) => (type === 'navigation' ? entries.navigation : []),
    getEntriesByName: (/** @type {keyof typeof entries} */ name) => entries[name] ?? [],
  });
  /** An LCP observer whose buffered entry is still pending at hide (takeRecords hands it over). */
  define(
    'PerformanceObserver',
    Object.assign(
      class {
        observe() {}
        takeRecords() {
          return [{ startTime: 900 }];
        }
        disconnect() {}
      },
      { supportedEntryTypes: ['largest-contentful-paint', 'paint'] },
    ),
  );
});

afterEach(() => {
  for (const [name, descriptor] of Object.entries(saved)) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (/** @type {any} */ (globalThis)[name]);
  }
});

const page = { route: '/', timings: { total: 12, upstream: -1 }, requestId: 'abc' };

function hide() {
  /** @type {any} */ (globalThis.document).visibilityState = 'hidden';
  for (const fn of listeners.get('visibilitychange') ?? []) fn({ type: 'visibilitychange' });
  for (const fn of listeners.get('pagehide') ?? []) fn({ type: 'pagehide' });
}

test('a page hidden before measurement loaded sends one beacon with what the browser holds', () => {
  armHideBeacon(() => page);
  assert.equal(sent.length, 0, 'nothing before the page hides');
  hide();
  assert.equal(sent.length, 1, 'one beacon, though both visibilitychange and pagehide came');
  const { body } = sent[0];
  assert.equal(sent[0].url, '/perf/beacon');
  assert.equal(body.route, '/');
  assert.equal(body.requestId, 'abc');
  assert.equal(body.labTTIStatus, 'pending', 'lab TTI was never searched');
  assert.deepEqual(body.metrics, { ttfb: 120, fcp: 640, lcp: 900, appTTI: 1500 });
  assert.deepEqual(body.server, { total: 12 }, 'only valid server timings');
});

test('once measurement has armed its own beacon, the hide sender stays quiet: still one beacon', () => {
  armHideBeacon(() => page);
  const store = createPerfStore();
  sendBeaconOnce(store, page);
  store.setMetric('fcp', 640);
  hide();
  assert.equal(sent.length, 1);
  assert.equal(store.snapshot().beaconSent, true, "measurement's beacon, not the hide sender's");
});

test('measurement that loads after the hide sender sent sends no second beacon', () => {
  armHideBeacon(() => page);
  hide();
  const store = createPerfStore();
  sendBeaconOnce(store, page);
  store.setLabTTI({ status: 'found', value: 2000, tbt: 0, longTasks: 0, method: 'loaf' });
  assert.equal(sent.length, 1);
});

test('the page data is read at hide, not when armed: the head arms it before the data has arrived', () => {
  /** @type {typeof page | null} */
  let data = null;
  armHideBeacon(() => data);
  data = page;
  hide();
  assert.equal(sent.length, 1);
  assert.equal(sent[0].body.requestId, 'abc');
});

test('a page hidden before its data arrived sends nothing', () => {
  armHideBeacon(() => null);
  hide();
  assert.equal(sent.length, 0);
});
