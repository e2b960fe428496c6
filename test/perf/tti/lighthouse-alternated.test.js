// @ts-check
// perf:tti --lighthouse alternates its Lighthouse rounds with the in-page loads:
// in-page round 1, Lighthouse round 1, in-page round 2, … so that the ratio of
// the two methods compares loads made at the same machine load; Lighthouse rounds
// past --runs follow the last in-page round, in-page rounds past
// --lighthouse-runs go on without one; the ratio line and the JSON say so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startLighthouse } from '../../../perf/tti/lighthouse/index.js';
import { measureRunsWithLighthouse } from '../../../perf/tti/runs/with-lighthouse.js';
import { PROFILES } from '../../../perf/lib/throttling.js';

const A = 'http://127.0.0.1:1/';
const B = 'http://127.0.0.1:2/';
const name = (/** @type {string} */ url) => (url === A ? 'A' : 'B');

/**
 * A browser whose every load ends at once (its lab TTI search "found" on the
 * first poll), writing `in-page A` or `in-page B` to the log as it navigates.
 * @param {string[]} log
 */
function fakeBrowser(log) {
  const cdp = {
    on() {},
    async send(/** @type {string} */ method) {
      return method === 'Runtime.evaluate' ? { result: { value: 'found' } } : {};
    },
  };
  const page = {
    async addInitScript() {},
    async goto(/** @type {string} */ url) {
      log.push(`in-page ${name(url)}`);
    },
    async evaluate() {
      return { metrics: { labTTI: 1000 }, labTTIStatus: 'found', labTTIReason: null, longTasks: 0, keyInput: [] };
    },
  };
  const context = { newPage: async () => page, newCDPSession: async () => cdp, close: async () => {} };
  return /** @type {any} */ ({ newContext: async () => context });
}

/**
 * The in-page loads of A and B (--vs) and Lighthouse on both, wired as perf:tti wires them.
 * @param {number} runs
 * @param {number} lighthouseRuns
 */
async function alternate(runs, lighthouseRuns) {
  /** @type {string[]} */
  const log = [];
  /** @type {string[]} */
  const lines = [];
  const options = /** @type {any} */ ({
    runs,
    capMs: 30_000,
    profile: 'desktop',
    lighthouseRuns,
    lighthouseThrottling: 'devtools',
    floor: false,
    reactFloor: false,
    vs: B,
    budget: null,
  });
  const shared = {
    url: A,
    options,
    profile: PROFILES.desktop,
    progress: (/** @type {string} */ line) => lines.push(line),
  };
  const lighthouse = await startLighthouse({
    ...shared,
    traceDir: null,
    measuresItself: false,
    vsMeasuresItself: false,
    runOne: async (url) => {
      log.push(`Lighthouse ${name(url)}`);
      return { ok: true, interactive: 800, tbt: 10, fcp: 500, lcp: 600, scriptKB: 0, marks: [], version: '13.5.0' };
    },
  });
  await measureRunsWithLighthouse(
    fakeBrowser(log),
    { ...shared, measuresItself: false, injectScript: '', vsSide: { url: B, measuresItself: false }, traceDir: null },
    lighthouse,
  );
  const printed = console.log;
  console.log = (/** @type {string} */ line) => lines.push(String(line));
  try {
    const found = await lighthouse.finish(/** @type {any} */ ({ labTTI: { median: 1000 } }));
    return { log, lines, found };
  } finally {
    console.log = printed;
  }
}

test('each in-page round is followed by the Lighthouse round of its number, on every side; in-page rounds past --lighthouse-runs go on', async () => {
  const { log, lines, found } = await alternate(3, 2);
  assert.deepEqual(log, [
    ...['in-page A', 'in-page B'],
    ...['Lighthouse A', 'Lighthouse B'],
    ...['in-page B', 'in-page A'],
    ...['Lighthouse B', 'Lighthouse A'],
    ...['in-page A', 'in-page B'],
  ]);
  // Every progress line still names its round.
  const rounds = lines.filter((line) => /^ {2}(run \d\/3 [AB]|page \d\/2|B \(--vs\) \d\/2):/.test(line));
  assert.deepEqual(
    rounds.map((line) => line.trim().split(':')[0]),
    [
      ...['run 1/3 A', 'run 1/3 B', 'page 1/2', 'B (--vs) 1/2'],
      ...['run 2/3 B', 'run 2/3 A', 'B (--vs) 2/2', 'page 2/2'],
      ...['run 3/3 A', 'run 3/3 B'],
    ],
  );
  const ratio = lines.find((line) => line.includes('ratio in-page / Lighthouse'));
  assert.match(
    String(ratio),
    /ratio in-page \/ Lighthouse 1\.25\n {2}Lighthouse rounds alternated with the in-page loads/,
  );
  assert.match(String(ratio), /in-page round 3 without a Lighthouse round/);
  const lighthouse = /** @type {any} */ (found.lighthouse);
  assert.match(
    lighthouse.order,
    /^Lighthouse rounds alternated with the in-page loads \(in-page round i, then Lighthouse round i, for i up to 2; in-page round 3 without a Lighthouse round\)$/,
  );
  assert.equal(/** @type {any} */ (found.floorSummary).order, lighthouse.order);
});

test('Lighthouse rounds past --runs follow the last in-page round', async () => {
  const { log, found } = await alternate(2, 3);
  assert.deepEqual(log, [
    ...['in-page A', 'in-page B'],
    ...['Lighthouse A', 'Lighthouse B'],
    ...['in-page B', 'in-page A'],
    ...['Lighthouse B', 'Lighthouse A'],
    ...['Lighthouse A', 'Lighthouse B'],
  ]);
  assert.match(
    /** @type {any} */ (found.lighthouse).order,
    /for i up to 2; Lighthouse round 3 after the last in-page round\)$/,
  );
});
