// @ts-check
// When client/measure/beacon.js sends its one beacon: on the end of the lab
// TTI search, or on hiding the page when the search cannot run (browsers
// without the Long Tasks API), never twice. Browser globals are stubbed.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createPerfStore } from '../../../client/measure/store.js';
import { sendBeaconOnce } from '../../../client/measure/beacon.js';
import { publishSenderParts } from '../../../client/measure/hide-beacon.js';

/** @type {{ url: string, body: any }[]} */
let sent;
/** @type {Map<string, Function>} */
let listeners;
const saved = Object.fromEntries(
  ['navigator', 'document', 'performance', 'addEventListener', 'removeEventListener'].map((k) => [
    k,
    Object.getOwnPropertyDescriptor(globalThis, k),
  ]),
);

beforeEach(() => {
  // A new page view: no beacon has left yet (client/measure/one-beacon.js).
  delete (/** @type {any} */ (globalThis).__marqueeBeacon);
  sent = [];
  listeners = new Map();
  const define = (/** @type {string} */ name, /** @type {unknown} */ value) =>
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  define('navigator', {
    sendBeacon: (/** @type {string} */ url, /** @type {string} */ body) => sent.push({ url, body: JSON.parse(body) }),
  });
  define('document', { visibilityState: 'visible' });
  define('addEventListener', (/** @type {string} */ type, /** @type {Function} */ fn) => listeners.set(type, fn));
  define('removeEventListener', (/** @type {string} */ type) => listeners.delete(type));
  // What the page head's inline hide sender publishes before any script of the app.
  publishSenderParts();
});

afterEach(() => {
  for (const [name, descriptor] of Object.entries(saved)) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (/** @type {any} */ (globalThis)[name]);
  }
});

const page = { route: '/', timings: { total: 12 } };

function hide() {
  /** @type {any} */ (globalThis.document).visibilityState = 'hidden';
  listeners.get('visibilitychange')?.();
}

test('a found lab TTI sends the beacon once, with it', () => {
  const store = createPerfStore();
  sendBeaconOnce(store, page);
  store.setMetric('fcp', 800);
  assert.equal(sent.length, 0, 'nothing is sent while lab TTI is pending');
  store.setLabTTI({ status: 'found', value: 2000, tbt: 30, longTasks: 2, method: 'heartbeat' });
  hide();
  assert.equal(sent.length, 1, 'exactly one beacon per page view');
  assert.equal(sent[0].url, '/perf/beacon');
  assert.equal(sent[0].body.metrics.labTTI, 2000);
  assert.equal(sent[0].body.labTTIMethod, 'heartbeat', 'the beacon says what found the long tasks');
  assert.equal(sent[0].body.metrics.fcp, 800);
});

test('without the Long Tasks API the beacon waits for the page to be hidden', () => {
  const store = createPerfStore();
  sendBeaconOnce(store, page);
  store.setLabTTI({ status: 'unsupported' });
  assert.equal(sent.length, 0, "'unsupported' must not send at once: the web vitals have not arrived yet");
  store.setMetric('fcp', 700);
  store.setMetric('lcp', 1200);
  hide();
  assert.equal(sent.length, 1);
  assert.equal(sent[0].body.labTTIStatus, 'unsupported');
  assert.equal(sent[0].body.labTTIMethod, undefined, 'no method when nothing could tell');
  assert.deepEqual(sent[0].body.metrics, { fcp: 700, lcp: 1200 });
});

test('a page hidden before lab TTI resolves sends what it has, and nothing after', () => {
  const store = createPerfStore();
  sendBeaconOnce(store, page);
  store.setMetric('appTTI', 500);
  listeners.get('pagehide')?.();
  store.setLabTTI({ status: 'not-found', reason: 'cpu', longTasks: 9, method: 'longtask' });
  assert.equal(sent.length, 1);
  assert.equal(sent[0].body.labTTIStatus, 'pending');
});

test("INP's attribution rides along: labels at the top, phases under metrics", () => {
  const store = createPerfStore();
  sendBeaconOnce(store, page);
  store.setMetric('inp', 72);
  store.setINP([
    { inpTarget: 'card__info', inpType: 'keyboard' },
    { inpInputDelay: 4.00049, inpProcessing: 46, inpPresentation: 22 },
  ]);
  hide();
  assert.equal(sent.length, 1);
  const { inpTarget, inpType, metrics } = sent[0].body;
  assert.deepEqual({ inpTarget, inpType }, { inpTarget: 'card__info', inpType: 'keyboard' });
  assert.deepEqual(metrics, { inp: 72, inpInputDelay: 4, inpProcessing: 46, inpPresentation: 22 });
});

test("without the head's inline sender (perf:tti's injected copy, a page of another site), nothing is sent", () => {
  delete (/** @type {any} */ (globalThis).__marqueeBeacon);
  const store = createPerfStore();
  sendBeaconOnce(store, page);
  store.setLabTTI({ status: 'found', value: 2000, tbt: 30, longTasks: 2, method: 'loaf' });
  hide();
  assert.equal(sent.length, 0);
});
