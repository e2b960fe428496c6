// @ts-check
/* global window -- addInitScript bodies run in the page */
// Lab TTI by the frame heartbeat (client/measure/heartbeat-snippet.js) in
// Chromium, with the Long Tasks API and Long Animation Frames hidden from the
// page as Firefox and Safari lack them: a 200 ms task put in the page's
// start-up must be found, and lab TTI must come after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appAndBrowser } from '../helpers/browser-app.js';
import { perfSummary } from '../helpers/beacons.js';
import { hideLongTaskApis } from '../../perf/heartbeat-cost/hide-long-tasks.js';
import { HEARTBEAT_CAP_MS } from '../../client/measure/heartbeat-snippet.js';

const started = appAndBrowser();
const BLOCK_MS = 200;

test('without Long Tasks, the heartbeat finds a 200 ms start-up task and lab TTI comes after it', async () => {
  const page = await started.browser.newPage();
  await page.addInitScript(hideLongTaskApis);
  // The heartbeat reads a page starved of CPU as stalled (docs/tti-in-every-engine.md):
  // at a load average of 10, one load went the default 30 s cap without a 5 s
  // quiet window. The search may run as long as the heartbeat does (60 s).
  await page.addInitScript(`window.__marqueePerfCapMs = ${HEARTBEAT_CAP_MS};`);
  // After the load event (so neither the FCP nor the DOMContentLoaded floor
  // of lab TTI hides it), one task holds the main thread 200 ms.
  await page.addInitScript((blockMs) => {
    window.addEventListener('load', () =>
      setTimeout(() => {
        const start = performance.now();
        while (performance.now() - start < blockMs);
        /** @type {any} */ (window).__testBlock = { start, end: performance.now() };
      }, 300),
    );
  }, BLOCK_MS);
  await page.goto(`${started.app.url}/`);
  await page.waitForFunction(() => /** @type {any} */ (window).__marqueePerf?.snapshot().beaconSent, null, {
    timeout: HEARTBEAT_CAP_MS + 10_000,
  });
  const { block, stalls, snapshot } = await page.evaluate(() => ({
    block: /** @type {any} */ (window).__testBlock,
    stalls: /** @type {any} */ (window).__marqueeHeartbeat?.stalls ?? null,
    snapshot: /** @type {any} */ (window).__marqueePerf.snapshot(),
  }));
  await page.close();

  assert.ok(block, 'the start-up task ran');
  assert.ok(stalls, 'the page head started the heartbeat (views/page.hbs, `heartbeat` partial)');
  const covering = [];
  for (let i = 0; i < stalls.length; i += 2) {
    if (stalls[i] <= block.start && stalls[i + 1] >= block.end) covering.push(stalls[i + 1] - stalls[i]);
  }
  assert.equal(covering.length, 1, `one stall covers the task ${JSON.stringify(block)}: ${JSON.stringify(stalls)}`);
  assert.ok(covering[0] >= BLOCK_MS, `the stall lasts the task's ${BLOCK_MS} ms at least: ${covering[0]}`);

  assert.equal(snapshot.labTTIStatus, 'found');
  assert.equal(snapshot.labTTIMethod, 'heartbeat');
  assert.ok(
    snapshot.metrics.labTTI >= block.end,
    `lab TTI ${snapshot.metrics.labTTI} comes after the task's end ${block.end}`,
  );
  assert.ok(snapshot.metrics.tbt >= BLOCK_MS - 50, `TBT ${snapshot.metrics.tbt} counts the task's blocking part`);

  // What the server was sent says which method measured.
  const deadline = Date.now() + 5000;
  let summary = await perfSummary(started.app.url);
  while (summary.beacons < 1 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    summary = await perfSummary(started.app.url);
  }
  assert.equal(summary.recent[0].labTTIMethod, 'heartbeat');
  assert.equal(summary.recent[0].metrics.labTTI, Math.round(snapshot.metrics.labTTI * 1000) / 1000);
});

test('where Long Tasks exist, the page head starts no heartbeat', async () => {
  const page = await started.browser.newPage();
  await page.goto(`${started.app.url}/`);
  const heartbeat = await page.evaluate(() => /** @type {any} */ (window).__marqueeHeartbeat ?? null);
  await page.close();
  assert.equal(heartbeat, null, 'Chromium has Long Tasks: no frame loop to pay for');
});
