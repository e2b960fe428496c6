// @ts-check
// The page's measurement in the client build (client/measure/, one import in
// client/index.jsx): one chunk of its own, and the head's inline scripts it
// brings (the frame heartbeat, the hide sender) in manifest.json. These go
// with the part: docs/starter-guide.md names this file among its tests.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import vm from 'node:vm';
import path from 'node:path';
import { buildClient } from '../../../client/build/index.js';
import { HEARTBEAT_SNIPPET } from '../../../client/measure/heartbeat-snippet.js';

/** @type {string} */
let outdir;
/** @type {Awaited<ReturnType<typeof buildClient>>} */
let build;

before(async () => {
  outdir = mkdtempSync(path.join(tmpdir(), 'marquee-client-'));
  build = await buildClient({ outdir, log: () => {} });
});
after(() => rmSync(outdir, { recursive: true, force: true }));

test("the page's head carries its inline scripts, written into manifest.json for the server to read with the rest of the build", () => {
  assert.deepEqual(Object.keys(build.manifest.inline).sort(), ['heartbeat', 'hide']);
  assert.equal(build.manifest.inline.heartbeat, HEARTBEAT_SNIPPET);
});

test('the inline hide sender runs as a classic script: at hide it sends the page data it reads then', () => {
  /** @type {Map<string, Function>} */
  const listeners = new Map();
  /** @type {{ url: string, body: any }[]} */
  const sent = [];
  const data = { page: { route: '/title/:id', requestId: 'r1', timings: { total: 9 } } };
  const sandbox = {
    addEventListener: (/** @type {string} */ type, /** @type {Function} */ fn) => listeners.set(type, fn),
    removeEventListener: () => {},
    navigator: {
      sendBeacon: (/** @type {string} */ url, /** @type {string} */ body) => sent.push({ url, body: JSON.parse(body) }),
    },
    document: { visibilityState: 'visible', getElementById: () => ({ textContent: JSON.stringify(data) }) },
    performance: {
      getEntriesByType: () => [{ type: 'navigate', responseStart: 50 }],
      getEntriesByName: (/** @type {string} */ name) => (name === 'first-contentful-paint' ? [{ startTime: 400 }] : []),
    },
    PerformanceObserver: { supportedEntryTypes: [] },
  };
  // A classic script in the head: no module syntax, nothing exported, run as is.
  vm.runInNewContext(build.manifest.inline.hide, sandbox);
  assert.equal(sent.length, 0, 'nothing before the page hides');
  listeners.get('pagehide')?.({ type: 'pagehide' });
  assert.equal(sent.length, 1);
  assert.equal(sent[0].url, '/perf/beacon');
  assert.equal(sent[0].body.route, '/title/:id');
  assert.equal(sent[0].body.labTTIStatus, 'pending');
  assert.deepEqual(sent[0].body.metrics, { ttfb: 50, fcp: 400 });
  assert.deepEqual(sent[0].body.server, { total: 9 });
});

test('the code loaded after the first intent is one chunk: the on-demand overlay shares none of its modules', () => {
  const outputs = Object.values(build.metafile.outputs);
  const measure = outputs.find((output) => output.entryPoint === 'client/measure/index.js');
  assert.ok(measure, 'client/measure/index.js is a chunk of its own');
  // Split across chunks, the same code cost 359 B more gzip and one more request.
  for (const input of [
    'client/measure/web-vitals.js',
    'client/measure/lab-tti.js',
    'client/measure/inp-attribution.js',
  ])
    assert.ok(input in measure.inputs, `${input} is in the measure chunk, not in a chunk shared with the overlay`);
  assert.ok(
    Object.keys(measure.inputs).some((input) => input.includes('node_modules/web-vitals/')),
    'web-vitals too',
  );
});
