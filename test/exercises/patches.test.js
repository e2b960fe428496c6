// @ts-check
// Keeps every exercise's unfixed.patch fresh (npm run exercise -- NN --unfix,
// perf/exercises/lib/unfix.js) and walks a student's path through each: it
// applies to today's code and touches real code only; in a copy of the
// project, unfixed, `--check --quick` fails (the exercise's own test fails on
// an assertion: the normal path no longer behaves fixed) and teaches without
// telling: a short measurement of the copy against the reference fix, with a
// figure on the reference's side (a check that cannot start its apps fails
// here, not in a workshop), the symptom and the first hint's tool, and not one
// path of the files the patch changes nor one identifier it adds or removes;
// `--explain` then gives the cause and what the test's checks found; `--hint`
// gives one hint, then the next; `--refix` puts the code back to the byte.
// 02 goes further: `--check --quick --explain` in one run, and, refixed, a
// passing check with its table. A patch that no longer applies, or no longer
// breaks anything, is a stale exercise: this file says which.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXERCISES } from '../../perf/exercises/index.js';
import { filesOf, patchOf } from '../../perf/exercises/lib/unfix.js';
import { copyProject, projectFiles } from '../../perf/exercises/lib/project-copy.js';
import { commandOf, hintsOf } from '../../perf/exercises/lib/hints.js';
import { FIGURES } from '../../perf/exercises/lib/report.js';
import { patchWords, wordsIn } from '../helpers/patch-words.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Where a patch may write: the app's code, never its tests or tools. */
const REAL_CODE = /^(server|client|shared|views)\//;
/** Two copies' tests at a time: each starts apps (some a catalog process) on a 2-core CI machine. */
const AT_ONCE = 2;
/** A copy's command that runs longer than this is stopped and reported (a patch that hangs the app). */
const TEST_TIMEOUT_MS = 150_000;
/** The exercise whose path this file follows further: --check --explain in one run, and the fixed tree's passing check. */
const MEASURED = '02';

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

// ── A student's path, in a copy of the project per exercise ─────────────────
const base = mkdtempSync(path.join(tmpdir(), 'marquee-unfixed-'));
after(() => rmSync(base, { recursive: true, force: true }));
/** Listed once for the ten copies. */
const files = projectFiles(ROOT);

/**
 * Runs the exercise runner in a copy; resolves with its exit code and output.
 * @param {string} cwd
 * @param {string[]} args after perf/exercises/run.js
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function runner(cwd, args) {
  return new Promise((resolve) => {
    // Without the runner's NODE_TEST_CONTEXT: --check's `node --test` reports to it, not to us.
    /** @type {NodeJS.ProcessEnv} */
    const env = { ...process.env, NODE_ENV: 'test' };
    delete env.NODE_TEST_CONTEXT;
    const child = spawn(process.execPath, ['perf/exercises/run.js', ...args], { cwd, env, detached: true });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // Its process group: --check's test file and apps go with it.
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), TEST_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** At most AT_ONCE copies at work; the rest wait their turn. */
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
 * A copy made a repository of its own, all committed: --unfix works on branches.
 * @param {string} dir
 */
function commitAll(dir) {
  const git = (/** @type {string[]} */ args) => {
    const done = spawnSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@localhost', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
    assert.equal(done.status, 0, `git ${args.join(' ')}: ${done.stderr}`);
    return done.stdout.trim();
  };
  git(['init', '-q', '-b', 'main']);
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'the project']);
  return git;
}

/**
 * The exercise in its own copy, as a student goes: unfix, check, explain,
 * three hints, refix; each step's output kept. For MEASURED, also a check
 * with --explain before the hints and a check after the refix.
 * @param {import('../../perf/exercises/index.js').Exercise} e
 */
async function studentPath(e) {
  const release = await slot();
  try {
    const dir = copyProject(path.join(base, e.id), { files });
    const git = commitAll(dir);
    const unfix = await runner(dir, [e.id, '--unfix']);
    const afterUnfix = { status: git(['status', '--porcelain']), branch: git(['branch', '--show-current']) };
    const unfixedCheck = unfix.code === 0 ? await runner(dir, [e.id, '--check', '--quick']) : null;
    const explained = await runner(dir, [e.id, '--explain']);
    const explainedCheck =
      e.id === MEASURED && unfix.code === 0 ? await runner(dir, [e.id, '--check', '--quick', '--explain']) : null;
    const hints = [];
    for (let i = 0; i < 3; i++) hints.push(await runner(dir, [e.id, '--hint']));
    const refix = await runner(dir, [e.id, '--refix']);
    const fixedCheck = e.id === MEASURED && refix.code === 0 ? await runner(dir, [e.id, '--check', '--quick']) : null;
    const afterRefix = git(['branch', '--show-current']);
    return {
      dir,
      git,
      unfix,
      afterUnfix,
      unfixedCheck,
      explained,
      explainedCheck,
      hints,
      refix,
      afterRefix,
      fixedCheck,
    };
  } finally {
    release();
  }
}

/**
 * A check's output without the words that are the student's already: the
 * runner's name, the exercise's number and its name (its folder, `list`,
 * the test file's name), which say what the exercise is about, not where.
 * (09's patch removes an `exercise`; 01's name is about connections.)
 * @param {string} output
 * @param {{ id: string, slug: string }} e
 */
const unprompted = (output, { id, slug }) =>
  output.replaceAll('npm run exercise', '').replaceAll(`exercise ${id}`, '').replaceAll(`${id}-${slug}`, '');

// Started together, at most AT_ONCE at a time; each test below waits for its own
// (and sees its failure: the catch only keeps an early one from counting as unhandled).
const runs = new Map(
  EXERCISES.map((e) => {
    const run = studentPath(e);
    run.catch(() => {});
    return [e.id, run];
  }),
);
/** @param {string} id */
const runOf = async (id) => /** @type {Awaited<ReturnType<typeof studentPath>>} */ (await runs.get(id));

for (const e of EXERCISES) {
  test(`${e.id}: unfixed, --check --quick fails and says what a measurer sees, not where the pitfall is`, async () => {
    const { unfix, afterUnfix, unfixedCheck } = await runOf(e.id);
    assert.equal(unfix.code, 0, `npm run exercise -- ${e.id} --unfix:\n${unfix.output}`);
    assert.deepEqual(
      afterUnfix,
      { status: '', branch: `exercise/${e.id}-broken` },
      'committed on its branch: a clean git status',
    );
    assert.match(unfix.output, /npm run exercise -- \d\d\b/, 'it says what to run next');
    assert.ok(unfixedCheck);
    const { code, output } = unfixedCheck;
    assert.equal(code, 1, `--check passes with the pitfall in:\n${output}`);
    assert.ok(output.includes(`exercise ${e.id}: not fixed yet.`), output);
    // Measured though the behaviour is wrong: both sides, in the same run.
    assert.match(output, /--vs-root <reference fix>/, `measured against the reference fix:\n${output}`);
    const { label, unit } = FIGURES[e.checkFigure ?? e.headline];
    const row = new RegExp(
      `^${label.replace(/[()]/g, '\\$&')}${unit ? ` \\(${unit}\\)` : ''} \\* +\\S+ +[\\d.]+ `,
      'm',
    );
    assert.match(output, row, `the judged figure, measured on the reference fix's side:\n${output}`);
    assert.ok(output.includes(`  What a measurer sees, in the same run: ${label}`), output);
    // The symptom as a ratio of the two sides. How far beyond the pass margin it reads is a
    // measurement (perf/exercises/README.md, "The quick check's margin"), not this test's: a ratio
    // asserted here would fail at random on a loaded machine.
    assert.match(output, /What a measurer sees, in the same run: .*: [\d.]+x \((lower|higher) is better\)/, output);
    assert.ok(output.includes(`  From outside: ${e.symptom}.`), output);
    // A failed assertion of the exercise's own test: not a patch that no longer loads, an app that hangs.
    assert.match(output, /The behaviour test fails: \d+ of \d+ tests/, output);
    assert.doesNotMatch(output, /it throws|did not finish|could not run|^\s+at \S+ \(/m, output);
    const first = commandOf(hintsOf(e)[0]);
    assert.ok(first && output.includes(`The tool to start with (the first hint's): ${first.command}`), output);
    assert.match(output, new RegExp(`npm run exercise -- ${e.id} --hint`));
    // Nothing of the pitfall: not its cause, not the files its patch changes, not the identifiers it adds or removes.
    assert.ok(!output.includes(e.cause), `the cause, unasked:\n${output}`);
    assert.deepEqual(
      wordsIn(unprompted(output, e), patchWords(readFileSync(path.join(ROOT, patchOf(e)), 'utf8'))),
      [],
      output,
    );
  });

  test(`${e.id}: --explain gives the cause and what the test's checks found`, async () => {
    const { explained } = await runOf(e.id);
    assert.equal(explained.code, 0, explained.output);
    assert.ok(explained.output.includes(`  The cause: ${e.cause}.`), explained.output);
    assert.match(explained.output, /^ {2}- .+\n {4}\S/m, `the failed check and what it found:\n${explained.output}`);
  });

  test(`${e.id}: --hint gives a hint, and each next call the next one; --refix puts the code back to the byte`, async () => {
    const { dir, hints, refix, afterRefix } = await runOf(e.id);
    assert.deepEqual(
      hints.map((h) => h.code),
      [0, 0, 0],
      hints.map((h) => h.output).join('\n'),
    );
    hints.forEach((hint, i) =>
      assert.match(hint.output, new RegExp(`^exercise ${e.id}, hint ${i + 1} of 3:`), hint.output),
    );
    assert.equal(new Set(hints.map((h) => h.output.split('\n')[1])).size, 3, 'three different hints');
    assert.equal(refix.code, 0, refix.output);
    assert.equal(afterRefix, 'main', 'back on the branch --unfix came from');
    for (const file of filesOf(patchOf(e), dir)) {
      // A file the patch makes (09's stack of components) is gone again, as in the normal code.
      if (!existsSync(path.join(ROOT, file))) {
        assert.ok(!existsSync(path.join(dir, file)), `${file}, which only the pitfall has, is removed again`);
        continue;
      }
      assert.ok(
        readFileSync(path.join(dir, file)).equals(readFileSync(path.join(ROOT, file))),
        `${file} as it was before --unfix`,
      );
    }
  });
}

test(`${MEASURED}, unfixed: --check --quick --explain fails with the cause in the same run`, async () => {
  const { explainedCheck } = await runOf(MEASURED);
  const e = /** @type {import('../../perf/exercises/index.js').Exercise} */ (EXERCISES.find((x) => x.id === MEASURED));
  assert.ok(explainedCheck);
  assert.equal(explainedCheck.code, 1, explainedCheck.output);
  assert.ok(explainedCheck.output.includes(`  From outside: ${e.symptom}.`), explainedCheck.output);
  assert.ok(explainedCheck.output.includes(`  Explained:\n  The cause: ${e.cause}.`), explainedCheck.output);
});

test(`${MEASURED}, the reference fix back: --check --quick passes, measures both sides, prints both figures, the ratio and the story's`, async () => {
  const { fixedCheck } = await runOf(MEASURED);
  assert.ok(fixedCheck, 'no check: --refix failed (see the test above)');
  const { code, output } = fixedCheck;
  assert.equal(code, 0, output);
  assert.match(output, new RegExp(`exercise ${MEASURED}: the behaviour test passes`), output);
  assert.match(
    output,
    new RegExp(
      `exercise ${MEASURED}: behaviour PASS; measured [\\d.]+x the reference's cost in a quick run, not judged`,
    ),
    `a figure on both sides:\n${output}`,
  );
  assert.match(output, /yours +reference +yours\/reference +Box, 2015, broken\/fixed/, output);
  assert.match(output, /^p50 \(ms\) \* +[\d.]+ +[\d.]+ +[\d.]+x +1077 \/ 488 ms = 2\.21x$/m, output);
});

test('refusals: --unfix twice, --refix twice, --check on a file that does not parse: one line, exit code 1', async () => {
  const { dir, git } = await runOf(MEASURED);
  writeFileSync(path.join(dir, 'scratch.txt'), 'an edit not committed\n');
  const dirty = await runner(dir, ['02', '--unfix']);
  assert.equal(dirty.code, 1);
  assert.match(dirty.output, /^exercise 02: the work tree has uncommitted changes/);
  assert.equal(git(['branch', '--show-current']), 'main', 'nothing changed');
  rmSync(path.join(dir, 'scratch.txt'));
  git(['branch', '-q', '-D', 'exercise/02-broken']);
  const unfix = await runner(dir, ['02', '--unfix']);
  assert.equal(unfix.code, 0, unfix.output);
  const again = await runner(dir, ['02', '--unfix']);
  assert.equal(again.code, 1);
  assert.match(again.output, /already unfixed/);
  const refix = await runner(dir, ['02', '--refix']);
  assert.equal(refix.code, 0, refix.output);
  const twice = await runner(dir, ['02', '--refix']);
  assert.equal(twice.code, 1);
  assert.match(twice.output, /not unfixed/);
  const file = path.join(dir, 'server/render/templates.js');
  writeFileSync(file, `${readFileSync(file, 'utf8')}\nexport function half(\n`);
  const broken = await runner(dir, ['02', '--check']);
  assert.equal(broken.code, 1);
  assert.equal(broken.output.trim().split('\n').length, 1, broken.output);
  assert.match(broken.output, /^exercise 02: server\/render\/templates\.js:\d+:\d+: .+: fix that first/);
});
