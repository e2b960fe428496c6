// @ts-check
// Keeps every exercise's unfixed.patch fresh (npm run exercise -- NN --unfix,
// perf/exercises/lib/unfix.js): it applies to today's code, touches real code
// only, and, applied in a copy of the project, makes the exercise's own test
// fail: the normal path no longer behaves fixed. Without the patch that test
// passes (it runs in the suite on its own). A patch that no longer applies, or
// no longer breaks anything, is a stale exercise: this file says which.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXERCISES } from '../perf/exercises/index.js';
import { filesOf, patchOf } from '../perf/exercises/lib/unfix.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where a patch may write: the app's code, never its tests or tools. */
const REAL_CODE = /^(server|client|shared|views)\//;
/** Two copies' tests at a time: each starts apps (some a catalog process) on a 2-core CI machine. */
const AT_ONCE = 2;
/** A copy's test file that runs longer than this is stopped and reported (a patch that hangs the app). */
const TEST_TIMEOUT_MS = 80_000;

const folders = readdirSync(path.join(ROOT, 'perf/exercises')).filter((name) => /^\d\d-/.test(name));

test('one exercise per folder, each with its unfixed.patch', () => {
  assert.deepEqual(folders.sort(), EXERCISES.map((e) => `${e.id}-${e.slug}`).sort());
  for (const e of EXERCISES) assert.ok(existsSync(path.join(ROOT, patchOf(e))), patchOf(e));
});

for (const e of EXERCISES)
  test(`${e.id}: the patch applies to the current code and touches real code only`, () => {
    const apply = (/** @type {string[]} */ args) =>
      spawnSync('git', ['apply', '--check', ...args, patchOf(e)], { cwd: ROOT, encoding: 'utf8' });
    const check = apply([]);
    // A workshop machine may be mid-exercise: say so rather than call the patch stale.
    if (check.status !== 0 && apply(['-R']).status === 0)
      assert.fail(`${patchOf(e)} is applied in this working tree: npm run exercise -- ${e.id} --refix`);
    assert.equal(check.status, 0, `${patchOf(e)} no longer applies; make it again with git diff:\n${check.stderr}`);
    const files = filesOf(patchOf(e));
    assert.ok(files.length > 0);
    for (const file of files) {
      assert.match(file, REAL_CODE, `${file}: a patch changes the app's code`);
      assert.doesNotMatch(file, /(^|\/)test\/|\.test\.js$/, `${file}: never a test`);
    }
  });

// ── Applied in a copy, the exercise's own test must fail ────────────────────
const base = mkdtempSync(path.join(tmpdir(), 'marquee-unfixed-'));
after(() => rmSync(base, { recursive: true, force: true }));

/** The project as a developer sees it: tracked and new files of the working tree, not the ignored ones. */
const projectFiles = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .stdout.split('\0')
  .filter((file) => file && existsSync(path.join(ROOT, file)));

/** @param {string} name */
function copyProject(name) {
  const dir = path.join(base, name);
  for (const file of projectFiles) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  // Installed and built once, shared: the pages render with the client build's manifest.
  for (const shared of ['node_modules', 'dist'])
    if (existsSync(path.join(ROOT, shared))) symlinkSync(path.join(ROOT, shared), path.join(dir, shared));
  return dir;
}

/**
 * Runs a command in a copy; resolves with its exit code and output.
 * @param {string} cwd
 * @param {string[]} args to node
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function runNode(cwd, args) {
  return new Promise((resolve) => {
    // Without the runner's NODE_TEST_CONTEXT: the copy's `node --test` reports on its own, not to us.
    /** @type {NodeJS.ProcessEnv} */
    const env = { ...process.env, NODE_ENV: 'test' };
    delete env.NODE_TEST_CONTEXT;
    const child = spawn(process.execPath, args, { cwd, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), TEST_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** At most AT_ONCE copies' tests running; the rest wait their turn. */
let running = 0;
/** @type {(() => void)[]} */
const waiting = [];
async function slot() {
  if (running >= AT_ONCE) await new Promise((resolve) => waiting.push(() => resolve(undefined)));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

/**
 * The exercise unfixed in its own copy, through the runner as a student does
 * it, then its own test file run there.
 * @param {import('../perf/exercises/index.js').Exercise} e
 */
async function unfixedRun(e) {
  const release = await slot();
  try {
    const dir = copyProject(e.id);
    const unfix = await runNode(dir, ['perf/exercises/run.js', e.id, '--unfix']);
    const testFile = `test/exercise-${e.id}-${e.slug}.test.js`;
    const tests = unfix.code === 0 ? await runNode(dir, ['--import', 'tsx', '--test', testFile]) : null;
    return { dir, unfix, tests };
  } finally {
    release();
  }
}

// Started together, at most AT_ONCE at a time; each test below waits for its own
// (and sees its failure: the catch only keeps an early one from counting as unhandled).
const runs = new Map(
  EXERCISES.map((e) => {
    const run = unfixedRun(e);
    run.catch(() => {});
    return [e.id, run];
  }),
);

for (const e of EXERCISES)
  test(`${e.id}: unfixed, its own test fails on an assertion (the normal path no longer behaves fixed)`, async () => {
    const { unfix, tests } = /** @type {Awaited<ReturnType<typeof unfixedRun>>} */ (await runs.get(e.id));
    assert.equal(unfix.code, 0, `npm run exercise -- ${e.id} --unfix:\n${unfix.output}`);
    assert.match(unfix.output, /npm run exercise -- \d\d\b/, 'it says what to run next');
    assert.ok(tests);
    assert.notEqual(tests.code, 0, `test/exercise-${e.id}-${e.slug}.test.js still passes with the pitfall in`);
    // A failed assertion, not a patch that no longer loads or an app that hangs.
    assert.match(tests.output, /^# fail [1-9]/m, tests.output);
    assert.match(tests.output, /code: 'ERR_ASSERTION'/, tests.output);
    assert.doesNotMatch(tests.output, /SyntaxError|ERR_MODULE_NOT_FOUND|cancelledByParent/, tests.output);
  });

test('--unfix refuses a patch already in, --refix takes it out to the byte, and refuses twice', async () => {
  const { dir } = /** @type {Awaited<ReturnType<typeof unfixedRun>>} */ (await runs.get('02'));
  const again = await runNode(dir, ['perf/exercises/run.js', '02', '--unfix']);
  assert.equal(again.code, 1);
  assert.match(again.output, /already unfixed/);
  const refix = await runNode(dir, ['perf/exercises/run.js', '02', '--refix']);
  assert.equal(refix.code, 0, refix.output);
  const templates = /** @type {import('../perf/exercises/index.js').Exercise} */ (EXERCISES.find((e) => e.id === '02'));
  for (const file of filesOf(patchOf(templates), dir))
    assert.ok(
      readFileSync(path.join(dir, file)).equals(readFileSync(path.join(ROOT, file))),
      `${file} as it was before --unfix`,
    );
  const twice = await runNode(dir, ['perf/exercises/run.js', '02', '--refix']);
  assert.equal(twice.code, 1);
  assert.match(twice.output, /not unfixed/);
});
