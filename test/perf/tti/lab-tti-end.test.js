// @ts-check
// perf:tti's loads wait for the page's lab TTI search over CDP alone: nothing of
// Playwright's (waitForFunction, evaluate: its injected script, evaluated in the
// page's main world) may run in the page before the search has ended, or the
// in-page load carries a task Lighthouse's load of the same page does not (issue 37).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { measurePageLoad } from '../../../perf/lib/page-run.js';
import { labTTIEnded } from '../../../perf/lib/lab-tti-end.js';
import { PROFILES } from '../../../perf/lib/throttling.js';

/**
 * A browser whose one page records, in order, what the runner did to it; the
 * search ends on the CDP poll after `pollsBeforeEnd` answers of "searching".
 * @param {number} pollsBeforeEnd
 */
function fakeBrowser(pollsBeforeEnd) {
  /** @type {string[]} */
  const log = [];
  let polls = 0;
  const cdp = {
    on() {},
    async send(/** @type {string} */ method) {
      if (method !== 'Runtime.evaluate') return {};
      polls += 1;
      const status = polls > pollsBeforeEnd ? 'found' : 'searching';
      log.push(`poll ${status}`);
      return { result: { value: status } };
    },
  };
  const page = {
    async addInitScript() {},
    async goto() {
      log.push('goto');
    },
    async waitForFunction() {
      log.push('page script');
    },
    async evaluate() {
      log.push('page script');
      return { metrics: {}, labTTIStatus: 'found', labTTIReason: null, longTasks: 0, keyInput: [] };
    },
    locator: () => ({ first: () => ({ count: async () => 0 }) }),
  };
  const context = { newPage: async () => page, newCDPSession: async () => cdp, close: async () => {} };
  const browser = /** @type {any} */ ({ newContext: async () => context });
  return { browser, log };
}

test('a load runs no script of the runner in the page until its lab TTI search has ended', async () => {
  const { browser, log } = fakeBrowser(2);
  await measurePageLoad(browser, {
    url: 'http://127.0.0.1:1/',
    profile: PROFILES.desktop,
    injectScript: null,
    capMs: 30_000,
    pressKeys: false,
  });
  const ended = log.indexOf('poll found');
  assert.ok(ended > log.indexOf('goto'), `the search's end was read over CDP after the navigation: ${log.join(', ')}`);
  assert.deepEqual(
    log.slice(0, ended + 1).filter((step) => step === 'page script'),
    [],
    `nothing evaluated in the page before the search ended: ${log.join(', ')}`,
  );
});

test('labTTIEnded says whether the page never started measuring or did not end in time', async () => {
  const answering = (/** @type {unknown} */ value) => ({ send: async () => ({ result: { value } }) });
  await assert.rejects(labTTIEnded(answering(null), { timeoutMs: 0 }), /never started measuring/);
  await assert.rejects(labTTIEnded(answering('searching'), { timeoutMs: 0 }), /did not end within 0 ms/);
  await labTTIEnded(answering('not-found'), { timeoutMs: 0 });
});
