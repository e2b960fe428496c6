// @ts-check
// perf:tti --browser firefox,webkit on a page that is not Marquee's (issue
// 39): the suite's own site (test/helpers/planted-task-site.js), whose pages
// forbid inline script by CSP, measured as a measurer would, through the
// CLI: A is /go-task (a redirect to /task, a planted 300 ms task three seconds
// after load), B is /quiet (the same page without it), alternated in one run.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureEngines } from '../setup/engines.js';
import { startPlantedTaskSite } from '../helpers/planted-task-site.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENGINES = ['firefox', 'webkit'];
// The heartbeat reads a page starved of CPU as stalled (docs/tti-in-every-engine.md):
// on a loaded machine a load can go its whole cap without a 5 s quiet window.
// As test/browser/engines.test.js allows, two loads per page; one of them must find lab TTI.
const RUNS = 2;

/** @type {Awaited<ReturnType<typeof startPlantedTaskSite>>} */
let site;
/** @type {any} the --json document */
let written;
/** @type {string} */
let stdout;
/** @type {string} the progress lines */
let stderr;

before(async () => {
  ensureEngines();
  // The task 3 s after load, not 1 s: headless WebKit's heartbeat read a stall near 1.9 s on /quiet
  // itself in 2 of 3 full runs here, which a task at 1 s (its lab TTI about 1.4 s) could not beat.
  site = await startPlantedTaskSite({ taskDelayMs: 3000 });
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-tti-any-page-'));
  const json = path.join(dir, 'tti.json');
  // --profile none: neither engine can be throttled; --cap 20000: a load on a starved machine ends by then.
  const args = ['--browser', ENGINES.join(), '--runs', String(RUNS), '--profile', 'none', '--cap', '20000'];
  args.push('--url', `${site.url}/go-task`, '--vs', `${site.url}/quiet`, '--json', json);
  try {
    [stdout, stderr] = await new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'perf/tti/index.js', ...args],
        { cwd: ROOT, timeout: 300_000 },
        (error, out, err) =>
          error ? reject(new Error(`perf:tti failed: ${error.message}\n${err}`)) : resolve([out, err]),
      );
    });
    written = JSON.parse(readFileSync(json, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
after(() => site?.close());

/**
 * @param {string} engine
 * @param {'A' | 'B'} page
 * @returns {any[]}
 */
const runsOf = (engine, page) =>
  written.engines.find((/** @type {any} */ c) => c.engine === engine && c.page === page).runs;

test('the redirect is followed, and the table has a column per engine and page, with ratios', () => {
  assert.equal(written.url, `${site.url}/task`, 'measured where /go-task redirects');
  assert.match(stderr, /go-task redirects to .*\/task: measuring/, `the run says so:\n${stderr}`);
  const header = stdout.split('\n').find((line) => line.startsWith('figure '));
  assert.deepEqual(header?.trim().split(/\s+/), [
    'figure',
    ...ENGINES.flatMap((e) => [`${e}:A`, `${e}:B`, `${e}:B/A`]),
  ]);
  for (const engine of ENGINES) assert.equal(typeof written.ratios[engine].labTTI, 'number', `${engine}: lab TTI B/A`);
});

for (const engine of ENGINES) {
  test(`${engine}: the lab TTI lands after the planted 300 ms task`, () => {
    const runs = runsOf(engine, 'A');
    const planted = site.planted[engine] ?? [];
    assert.equal(planted.length, RUNS, `each load of /task ran its task: ${JSON.stringify(site.planted)}`);
    const found = runs.filter((r) => r.labTTIStatus === 'found');
    assert.ok(found.length >= 1, `lab TTI found in a load: ${JSON.stringify(runs.map((r) => r.labTTIReason))}`);
    for (const run of found) {
      assert.equal(run.labTTIMethod, 'heartbeat');
      const end = planted[run.run - 1];
      assert.ok(run.metrics.labTTI >= end, `run ${run.run}: lab TTI ${run.metrics.labTTI} ≥ the task's end ${end}`);
    }
  });

  // The earliest load of each: a starved machine only ever adds stalls (later lab TTIs), never removes the task.
  test(`${engine}: the same page without the task reads earlier`, () => {
    const a = runsOf(engine, 'A').filter((r) => r.labTTIStatus === 'found');
    const b = runsOf(engine, 'B').filter((r) => r.labTTIStatus === 'found');
    assert.ok(b.length >= 1, 'lab TTI found in a load of /quiet');
    const labA = Math.min(...a.map((r) => r.metrics.labTTI));
    const labB = Math.min(...b.map((r) => r.metrics.labTTI));
    assert.ok(labB < labA, `/quiet ${labB} ms < /task ${labA} ms (earliest of each)`);
  });
}

test('a CSP that forbids inline script: the page kept it, and every load was measured all the same', () => {
  assert.equal(site.inlineRan, 0, "no inline script of the page's ran: its CSP held");
  for (const engine of ENGINES)
    for (const page of /** @type {const} */ (['A', 'B']))
      for (const run of runsOf(engine, page)) {
        assert.equal(run.labTTIMethod, 'heartbeat', `${engine} ${page} run ${run.run}: measured by the heartbeat`);
        assert.ok(run.metrics.fcp > 0, `${engine} ${page} run ${run.run}: FCP ${run.metrics.fcp}`);
      }
});
