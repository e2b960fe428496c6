// @ts-check
// npm run exercise: the list, its refusals, the arguments it hands perf:load,
// its verdict against a story's ratio, the folders the teacher's guide
// promises, the hints and solutions, and how --check judges a figure
// (a student's whole path: patches.test.js). Measuring is perf:load's, tested in test/perf/load/load.test.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXERCISES, NOT_YET } from '../../perf/exercises/index.js';
import { loadArgs } from '../../perf/exercises/lib/load-pair.js';
import { ratio, sideFigures, verdict } from '../../perf/exercises/lib/report.js';
import { KNOBS } from '../../server/config/load.js';
import { commandOf, hintsOf } from '../../perf/exercises/lib/hints.js';
import { explainsNow, rememberExplanation, showExplanation } from '../../perf/exercises/lib/explain.js';
import { patchWords, spoilersIn, wordsIn } from '../helpers/patch-words.js';
import { reverseDiff } from '../../perf/exercises/lib/solution.js';
import { costRatio, formatCheck } from '../../perf/exercises/lib/check-table.js';
import { patchOf } from '../../perf/exercises/lib/unfix.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = (/** @type {string[]} */ args) =>
  spawnSync(process.execPath, ['perf/exercises/run.js', ...args], { cwd: ROOT, encoding: 'utf8' });

test('npm run exercise -- list: every exercise, and the ones not there yet', () => {
  const { status, stdout } = run(['list']);
  assert.equal(status, 0);
  for (const e of EXERCISES) assert.match(stdout, new RegExp(`^${e.id}  ${e.slug} `, 'm'));
  for (const e of NOT_YET) assert.match(stdout, new RegExp(`^${e.id}  ${e.slug} .*: not yet$`, 'm'));
});

test('npm run exercise -- 99, or one not there yet: one line and exit code 1', () => {
  for (const [id, message] of [
    ['99', /no exercise 99/],
    ...NOT_YET.map((e) => [e.id, new RegExp(`exercise ${e.id} \\(${e.slug}\\) is not there yet`)]),
  ]) {
    const { status, stderr } = run([String(id)]);
    assert.equal(status, 1);
    assert.equal(stderr.trim().split('\n').length, 1, stderr);
    assert.match(stderr, /** @type {RegExp} */ (message));
  }
});

test('every exercise has its folder, a README with its command and figures; the server has no exercise knob', () => {
  for (const e of EXERCISES) {
    const readme = new URL(`../../perf/exercises/${e.id}-${e.slug}/README.md`, import.meta.url);
    assert.ok(existsSync(readme), `${e.id}-${e.slug}/README.md`);
    const text = readFileSync(readme, 'utf8');
    assert.match(text, new RegExp(`npm run exercise -- ${e.id}`), `${e.id}: the command`);
    assert.match(text, /Measured 20\d\d-\d\d-\d\d/, `${e.id}: the date of its measurement`);
  }
  // Each pitfall lives in its unfixed.patch alone: nothing in the app's configuration turns one on.
  for (const key of Object.keys(KNOBS)) assert.doesNotMatch(key, /EXERCISE/, key);
  const guide = readFileSync(new URL('../../perf/exercises/README.md', import.meta.url), 'utf8');
  for (const e of [...EXERCISES, ...NOT_YET])
    assert.match(guide, new RegExp(`${e.id}-${e.slug}`), `the guide names ${e.id}`);
});

test('perf:load gets the broken tree as B, both sides the shared knobs, and --allow-broken', () => {
  const tls = /** @type {import('../../perf/exercises/index.js').Exercise} */ (EXERCISES.find((e) => e.id === '08'));
  const args = loadArgs(tls, { duration: 20, rounds: 4, warmup: 3, json: '/tmp/x.json', vsRoot: '/tmp/b' }).join(' ');
  assert.match(
    args,
    /--env OVERLOAD_EVENT_LOOP_DELAY_MS=0 UPSTREAM_TIMEOUT_MS=10000 UPSTREAM_DEADLINE_MS=20000 CATALOG_TLS=1 /,
    "a noisy machine sheds neither side, nor times out either side's calls",
  );
  assert.match(args, /--prime \/ /, 'the measured page asked once before the load');
  assert.match(args, /--vs-root \/tmp\/b --allow-broken --json \/tmp\/x.json$/);
  assert.match(args, /--concurrency 20 --upstream-latency 250 /);
  const clone = /** @type {import('../../perf/exercises/index.js').Exercise} */ (EXERCISES.find((e) => e.id === '03'));
  assert.match(
    loadArgs(clone, { duration: 20, rounds: 4, warmup: 3, json: 'x', vsRoot: 'b' }).join(' '),
    /--prime \/genre\/drama /,
  );
});

test("the verdict compares the headline ratio with the story's", () => {
  assert.equal(ratio(2533, 1077), 2.35);
  assert.equal(sideFigures({ rps: 50 }).secondsPer1000, 20);
  assert.match(verdict(2.69, 2.35), /^same direction, same order of magnitude \(2.69x here, 2.35x in the story\)$/);
  assert.match(verdict(1.1, 30), /^same direction, an order of magnitude smaller/);
  assert.match(verdict(0.8, 2.35), /^OPPOSITE direction/);
  assert.match(verdict(1.02, 2.35), /^no clear effect/);
  assert.match(verdict(1.3, null), /gives no ratio/);
});

test('refusals in one line: an unknown option, two things at once, --quick or --reset alone', () => {
  for (const [args, message] of /** @type {[string[], RegExp][]} */ ([
    [['02', '--frob'], /^exercise: unknown option --frob \(npm run exercise -- --help lists them\)$/],
    [['02', '--check', '--hint'], /^exercise: --check and --hint: one of them at a time$/],
    [['02', '--quick'], /^exercise: --quick goes with --check/],
    [['02', '--reset'], /^exercise: --reset goes with --hint/],
    [['all', '--hint'], /^exercise: all goes with --check/],
    [['02', '--hint', '--explain'], /^exercise: --explain goes with --check, or alone/],
  ])) {
    const { status, stderr } = run(args);
    assert.equal(status, 1, args.join(' '));
    assert.equal(stderr.trim().split('\n').length, 1, stderr);
    assert.match(stderr.trim(), message);
  }
});

test('every exercise has 2 or 3 hints, given by --hint only (no README holds them); --solution is the patch reversed', () => {
  for (const e of EXERCISES) {
    const readme = readFileSync(new URL(`../../perf/exercises/${e.id}-${e.slug}/README.md`, import.meta.url), 'utf8');
    const hints = hintsOf(e);
    assert.ok(hints.length >= 2 && hints.length <= 3, `${e.id}: ${hints.length} hints`);
    assert.doesNotMatch(readme, /^## Hints/m, `${e.id}: hints are the runner's to give, one at a time`);
    const solution = run([e.id, '--solution']);
    assert.equal(solution.status, 0, solution.stderr);
    // Taken back out of today's (fixed) code, the solution is the pitfall: the patch applies forward.
    const dir = mkdtempSync(path.join(tmpdir(), 'marquee-solution-'));
    try {
      writeFileSync(path.join(dir, 'fix.diff'), `${solution.stdout.split('\n').slice(1).join('\n')}\n`);
      const check = spawnSync('git', ['apply', '--check', '-R', path.join(dir, 'fix.diff')], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      assert.equal(check.status, 0, `${e.id}: ${check.stderr}`);
      assert.equal(
        reverseDiff(reverseDiff(readFileSync(path.join(ROOT, patchOf(e)), 'utf8'))),
        readFileSync(path.join(ROOT, patchOf(e)), 'utf8'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

test('--check judges the cost whichever way a figure runs, and prints the story beside it', () => {
  assert.equal(costRatio('p50', 480, 400), 1.2);
  assert.equal(costRatio('rps', 40, 50), 1.25, 'fewer pages/s costs more');
  assert.equal(costRatio('cpuMsPerRequest', 3, 6), 0.5, 'better than the reference');
  const pool = /** @type {import('../../perf/exercises/index.js').Exercise} */ (EXERCISES.find((e) => e.id === '01'));
  const table = formatCheck(pool, 'p50', { p50: 1100, rps: 18 }, { p50: 1000, rps: 20 });
  assert.match(table, /^p50 \(ms\) \* +1100 +1000 +1\.1x +2533 \/ 1077 ms = 2\.35x$/m);
  assert.match(table, /a pass is within 20% of the reference fix's/);
});

test('every exercise: a symptom a measurer sees, a cause, and a first hint whose tool a failing check prints', () => {
  for (const e of EXERCISES) {
    assert.ok(e.symptom && e.cause && e.symptom !== e.cause, e.id);
    const first = commandOf(hintsOf(e)[0]);
    assert.ok(first, `${e.id}: the first hint names a command to run (npm, curl or node, in backticks)`);
    // What a failing check says unasked names nothing of the patch (the whole output: patches.test.js).
    const words = patchWords(readFileSync(path.join(ROOT, patchOf(e)), 'utf8'));
    assert.deepEqual(wordsIn(`${e.symptom} ${first.command}`, words), [], e.id);
  }
  assert.deepEqual(commandOf('with the app running (`npm start`), `curl -sI localhost:3000/` shows'), {
    command: 'curl -sI localhost:3000/',
    withApp: true,
  });
  assert.equal(commandOf('look at `/metrics` and `CPU ms/req`'), null);
});

/** The line after which an exercise README may say where its pitfall is and how it is fixed. */
const SPOILER_LINE = '\n---\n\n## Spoilers below: where it is and the fix\n';

test('no README names, before its spoiler line, a file its patch changes or an identifier of its changed code', () => {
  for (const e of EXERCISES) {
    const readme = readFileSync(path.join(ROOT, `perf/exercises/${e.id}-${e.slug}/README.md`), 'utf8');
    const at = readme.indexOf(SPOILER_LINE);
    assert.ok(at > 0, `${e.id}: the README has its spoiler line (${JSON.stringify(SPOILER_LINE.trim())})`);
    const words = patchWords(readFileSync(path.join(ROOT, patchOf(e)), 'utf8'));
    assert.deepEqual(spoilersIn(readme.slice(0, at), words), [], `${e.id}: given away before the spoiler line`);
    assert.ok(spoilersIn(readme.slice(at), words).length > 0, `${e.id}: the spoilers name where it is`);
  }
  // It can fail: a story that names the code is caught.
  const words = { files: ['server/x.js'], identifiers: ['copy', 'keysOf'] };
  assert.deepEqual(spoilersIn('A copy, and `copy()` in x.js, then keysOf', words), ['x.js', 'keysOf', 'copy']);
});

test("a patch's words: the files it changes, the identifiers of its changed code, not its comments or strings", () => {
  const clone = patchWords(readFileSync(path.join(ROOT, 'perf/exercises/03-deep-clone/unfixed.patch'), 'utf8'));
  assert.deepEqual(clone.files, ['server/graph-cache/shared-graph.js']);
  for (const word of ['JSON', 'parse', 'stringify']) assert.ok(clone.identifiers.includes(word), word);
  const formatter = patchWords(
    readFileSync(path.join(ROOT, 'perf/exercises/06-blocking-work-per-item/unfixed.patch'), 'utf8'),
  );
  for (const word of ['Intl', 'NumberFormat']) assert.ok(formatter.identifiers.includes(word), word);
  const diff = [
    '--- a/server/x.js',
    '+++ b/server/x.js',
    '@@ -1,2 +1,2 @@',
    " const keep = 'unchanged line';",
    "-const old = read('a // b'); // a comment",
    '+  /** @type {Wide} */ const fresh = `text ${inside}`;',
    '+ * a JSDoc line',
  ].join('\n');
  assert.deepEqual(patchWords(diff), { files: ['server/x.js'], identifiers: ['fresh', 'old', 'read'] });
  assert.deepEqual(wordsIn('GET x.js, old; reader', patchWords(diff)), ['x.js', 'old']);
});

test('a failing check explains itself when asked, or once the third hint is given; --explain reads the last', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-explain-'));
  const hintState = path.join(dir, 'hints.json');
  const state = path.join(dir, 'last-check.json');
  const e = EXERCISES[0];
  try {
    assert.equal(explainsNow(e, { explain: false, hintState }), false, 'no hint yet');
    writeFileSync(hintState, JSON.stringify({ [e.id]: 2 }));
    assert.equal(explainsNow(e, { explain: false, hintState }), false, 'two hints');
    assert.equal(explainsNow(e, { explain: true, hintState }), true, 'asked');
    writeFileSync(hintState, JSON.stringify({ [e.id]: 3 }));
    assert.equal(explainsNow(e, { explain: false, hintState }), true, 'the third hint given');

    const printed = [];
    const log = console.log;
    console.log = (/** @type {string} */ line) => printed.push(line);
    try {
      assert.equal(showExplanation(e, { state }), 1, 'nothing to explain yet');
      rememberExplanation(e, { lines: ['  The cause: X.'], passed: false }, state);
      assert.equal(showExplanation(e, { state }), 0);
      rememberExplanation(e, { lines: ['  The pitfall this exercise is about: X.'], passed: true }, state);
      assert.equal(showExplanation(e, { state }), 0, 'after a pass too');
    } finally {
      console.log = log;
    }
    assert.match(printed[1], /^exercise 01: explained, your last failing check/);
    assert.equal(printed[2], '  The cause: X.');
    assert.match(printed[3], /^exercise 01: explained, your last check, which passed/);
    assert.equal(printed[4], '  The pitfall this exercise is about: X.');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
