// @ts-check
// The one test runner, for `npm test`, `npm run test:unit` and CI alike.
//
// Each test file runs in a process of its own under `node --test`. At most two
// run at once, and never two that drive a browser (test/browser/): two
// Chromiums on a 2-core machine starve each other's frames and timers, which
// is what made the suite fail at random (docs/testing.md). A file that fails
// is run once more, alone, once everything else is done: if it passes then,
// the run passes but the summary names it FLAKY with its first failure, so a
// flake is seen and fixed without sinking finished work. A file that fails
// twice fails the run.
//
//   node test/run.js            every test file
//   node test/run.js --unit     the files that need no browser
//   node test/run.js FILE...    these files
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTap } from './run/tap.js';

const root = fileURLToPath(new URL('..', import.meta.url));
/** A file that runs longer is stuck (the longest take about 2 minutes): killed, and counted as failed. */
const FILE_TIMEOUT_MS = 15 * 60_000;
/** The lines of a failure's output kept in the summary. */
const SUMMARY_LINES = 40;

/** @typedef {{ file: string, code: number | null, ms: number, output: string } & ReturnType<typeof parseTap>} FileRun */

const args = process.argv.slice(2);
const unitOnly = args.includes('--unit');
const unknown = args.filter((a) => a.startsWith('--') && a !== '--unit');
if (unknown.length) {
  console.error(`test/run.js: unknown option ${unknown.join(' ')} (only --unit, and test files)`);
  process.exit(1);
}
const named = args.filter((a) => !a.startsWith('--'));
const files = named.length ? named.map((f) => relative(root, resolvePath(f))) : testFiles();
const selected = unitOnly ? files.filter((f) => !drivesBrowser(f)) : files;
if (!selected.length) {
  console.error('test/run.js: no test file to run');
  process.exit(1);
}

/** @type {Set<number>} the process groups of the files running now */
const running = new Set();
// Each file runs in a process group of its own (so that a stuck one goes with all it started): Ctrl-C
// or a stop reaches those groups only through here.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    for (const pid of running) killGroup(pid);
    process.exit(130);
  });
}

const started = Date.now();
const first = await runAll(selected);
const failedOnce = first.filter((r) => !passed(r));
/** @type {Map<string, FileRun>} the second run of each file that failed its first, run alone */
const second = new Map();
for (const r of failedOnce) {
  console.log(`\n== ${r.file} failed; running it again, alone`);
  second.set(r.file, await runFile(r.file));
}
printSummary(first, second, Date.now() - started);
process.exit([...second.values()].every(passed) ? 0 : 1);

/** @returns {string[]} every `*.test.js` one or two folders under test/, as the README's globs had it */
function testFiles() {
  /** @type {string[]} */
  const found = [];
  /** @param {string} dir @param {number} depth */
  const walk = (dir, depth) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && depth < 2) walk(path, depth + 1);
      else if (entry.isFile() && depth > 0 && entry.name.endsWith('.test.js')) found.push(path);
    }
  };
  walk('test', 0);
  return found.sort();
}

/** @param {string} file */
function drivesBrowser(file) {
  return file.startsWith(join('test', 'browser') + '/');
}

/** @param {FileRun} r */
function passed(r) {
  return r.code === 0 && r.failed === 0;
}

/**
 * Two at a time, never two browser files at once: a slot free while a browser file runs takes
 * the next of the others, or waits for that browser file to end when only browser files are left.
 * @param {string[]} list
 * @returns {Promise<FileRun[]>}
 */
async function runAll(list) {
  const browser = list.filter(drivesBrowser);
  const other = list.filter((f) => !drivesBrowser(f));
  /** @type {FileRun[]} */
  const results = [];
  /** @type {Promise<unknown> | undefined} the browser file running, if any */
  let browserRun;
  const slot = async () => {
    for (;;) {
      let file;
      if (!browserRun && browser.length) file = browser.shift();
      else if (other.length) file = other.shift();
      else if (browserRun && browser.length) {
        await browserRun;
        continue;
      } else return;
      const run = runFile(/** @type {string} */ (file));
      if (drivesBrowser(/** @type {string} */ (file))) browserRun = run.finally(() => (browserRun = undefined));
      const r = await run;
      results.push(r);
      report(r);
    }
  };
  await Promise.all([slot(), slot()]);
  return results;
}

/** @param {FileRun} r */
function report(r) {
  const what = `${r.tests} tests${r.skipped ? `, ${r.skipped} skipped` : ''}, ${(r.ms / 1000).toFixed(1)} s`;
  console.log(`${passed(r) ? 'ok    ' : 'FAILED'} ${r.file} (${what})`);
  if (!passed(r)) console.log(indent(failureExcerpt(r)));
}

/**
 * @param {string} file
 * @returns {Promise<FileRun>}
 */
function runFile(file) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-reporter=tap', '--test-concurrency=1', file],
      { cwd: root, env: { ...process.env, NODE_ENV: 'test' }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    if (child.pid) running.add(child.pid);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      output += `\ntest/run.js: killed after ${FILE_TIMEOUT_MS / 60_000} minutes\n`;
      killGroup(child.pid);
    }, FILE_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      // Whatever the file started and left behind (a server, a browser) goes with it.
      killGroup(child.pid);
      if (child.pid) running.delete(child.pid);
      resolve({ file, code, ms: Date.now() - t0, output, ...parseTap(output) });
    });
  });
}

/** @param {number | undefined} pid */
function killGroup(pid) {
  try {
    if (pid) process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** @param {FileRun} r the failing tests' own lines, or the output's end when none is named */
function failureExcerpt(r) {
  const lines = r.output.split('\n');
  const at = lines.findIndex((l) => /^\s*not ok /.test(l));
  const from = at < 0 ? Math.max(0, lines.length - SUMMARY_LINES) : at;
  return lines.slice(from, from + SUMMARY_LINES).join('\n');
}

/** @param {string} text */
function indent(text) {
  return text.replace(/^/gm, '    | ');
}

/**
 * The last thing printed: every file's last run counted, FLAKY and FAILED files with their
 * output, skips with their reasons, and one closing line `tests: N passed, N failed, N skipped`.
 * @param {FileRun[]} first
 * @param {Map<string, FileRun>} second
 * @param {number} ms
 */
function printSummary(first, second, ms) {
  const last = first.map((r) => second.get(r.file) ?? r);
  const flaky = [...second.values()].filter(passed);
  const failed = [...second.values()].filter((r) => !passed(r));
  const sum = (/** @type {'tests' | 'passed' | 'failed' | 'skipped'} */ key) => last.reduce((n, r) => n + r[key], 0);
  console.log('\n== summary');
  for (const r of flaky) {
    console.log(`FLAKY ${r.file}: failed, then passed alone. Its first failure:`);
    console.log(indent(failureExcerpt(/** @type {FileRun} */ (first.find((f) => f.file === r.file)))));
  }
  for (const r of failed) {
    console.log(`FAILED ${r.file}: failed twice. Its second failure:`);
    console.log(indent(failureExcerpt(r)));
  }
  for (const r of last) for (const reason of r.skips) console.log(`skipped in ${r.file}: ${reason}`);
  console.log(
    `files ${last.length}, tests ${sum('tests')}, failed ${failed.length} file(s), flaky ${flaky.length} file(s), ` +
      `skipped ${sum('skipped')}, ${(ms / 60_000).toFixed(1)} minutes`,
  );
  // Failed tests count a file that failed twice as its tests that failed, or one when none was named (a crash).
  const failedTests = failed.reduce((n, r) => n + Math.max(r.failed, 1), 0);
  console.log(`tests: ${sum('passed')} passed, ${failedTests} failed, ${sum('skipped')} skipped`);
}
