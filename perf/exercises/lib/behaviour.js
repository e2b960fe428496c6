// @ts-check
// The behaviour half of `npm run exercise -- NN --check`: do the files the
// exercise touches parse, and does the exercise's own test pass on the
// student's tree (test/exercises/NN-slug.test.js, the one the teacher's guide
// names)? Its failures come back in two layers: by default only that it
// fails (a test's name and values say what the code does wrong, which the
// student is to find with the tools); with --explain what each failed test
// found, never a stack trace.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const REPORTER = fileURLToPath(new URL('./test-reporter.js', import.meta.url));
/** A test file that runs longer than this is stopped: a fix that hangs the app is no fix. */
const TIMEOUT_MS = 120_000;

/**
 * The first of `files` that does not parse, as one line, or null.
 * @param {string[]} files relative to root
 * @param {string} root
 */
export function unparsable(files, root) {
  // Code only: a patch may one day touch a view (.hbs), which esbuild cannot read.
  for (const file of files.filter((f) => /\.(m?js|jsx)$/.test(f))) {
    try {
      // JSX is a superset of what server/, shared/ and client/ write: one loader for all.
      transformSync(readFileSync(path.join(root, file), 'utf8'), {
        loader: 'jsx',
        sourcefile: file,
        logLevel: 'silent',
      });
    } catch (error) {
      const first = error.errors?.[0];
      if (!first) return `${file}: ${error.message.split('\n')[0]}`;
      return `${file}:${first.location?.line}:${first.location?.column}: ${first.text}`;
    }
  }
  return null;
}

/**
 * @param {{ id: string, slug: string }} exercise
 */
export function testFileOf({ id, slug }) {
  return `test/exercises/${id}-${slug}.test.js`;
}

/**
 * Runs the exercise's test file on the tree at `root`.
 * @param {{ id: string, slug: string }} exercise
 * @param {string} root
 * @returns {Promise<{ passed: number, failures: { test: string, assertion: boolean, generated?: boolean, message: string,
 *   actual?: string, expected?: string, at?: string }[], crashed: string | null }>}
 */
export function runBehaviourTest(exercise, root) {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, NODE_ENV: 'test' };
  // Run from a test itself: the file's results are ours to read, not the outer runner's.
  delete env.NODE_TEST_CONTEXT;
  const args = ['--import', 'tsx', '--test', `--test-reporter=${REPORTER}`, testFileOf(exercise)];
  // Its own process group: on a timeout, the test file's own process (node --test runs each file in
  // a child) goes with it. Pitfall: killing the runner alone left a hung test running, orphaned.
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), TIMEOUT_MS);
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const lines = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line));
      const totals = lines.find((line) => 'passed' in line);
      const failures = lines.filter((line) => 'test' in line);
      const crashed =
        signal === 'SIGKILL'
          ? `the test did not finish in ${TIMEOUT_MS / 1000} s (does the app hang?)`
          : !totals
            ? `the test could not run (exit code ${code}): ${stderr.trim().split('\n').slice(-1)[0] ?? ''}`
            : null;
      resolve({ passed: totals?.passed ?? 0, failures, crashed });
    });
  });
}

/** @typedef {Awaited<ReturnType<typeof runBehaviourTest>>} BehaviourResult */

/**
 * A failed behaviour test as a failing --check shows it by default: how many
 * tests failed, no names (a test's name says what the code does wrong), and
 * an error that is not an assertion in full, since it is the student's own
 * code that throws. Empty when the test passed.
 * @param {{ id: string, slug: string }} exercise
 * @param {BehaviourResult} result
 * @returns {string[]} lines
 */
export function behaviourLines(exercise, { passed, failures, crashed }) {
  if (crashed) return [`  The behaviour test: ${crashed}.`];
  if (failures.length === 0) return [];
  const errors = failures.filter((f) => !f.assertion);
  const lines = [
    `  The behaviour test fails: ${failures.length} of ${failures.length + passed} tests (${testFileOf(exercise)}).`,
  ];
  for (const f of errors) lines.push(`    it throws: ${firstLine(f.message)}${f.at ? ` at ${f.at}` : ''}`);
  return lines;
}

/**
 * What each failed test found, for --explain: its name, then the values or
 * the message of its assertion, never a stack trace.
 * @param {BehaviourResult} result
 * @returns {string[]} lines
 */
export function failedChecks({ failures }) {
  const lines = [];
  for (const f of [...failures.filter((f) => f.assertion), ...failures.filter((f) => !f.assertion)]) {
    lines.push(`  - ${f.test}`);
    // assert.ok's true and false say nothing its message does not.
    const values = f.assertion && f.actual !== undefined && f.expected !== undefined && f.expected !== 'true';
    if (f.generated && values) lines.push(`    found ${f.actual}, expected ${f.expected}`);
    else {
      const found =
        values && !f.message.includes(String(f.actual)) ? ` (found ${f.actual}, expected ${f.expected})` : '';
      lines.push(`    ${f.assertion ? '' : 'it throws: '}${firstLine(f.message)}${found}${f.at ? ` at ${f.at}` : ''}`);
    }
  }
  return lines;
}

/** @param {string} message an assertion's message; node's own ones run over lines with a diff */
function firstLine(message) {
  return message.split('\n')[0].replace(/:$/, '');
}
