// @ts-check
// npm run exercise: the list, a refusal, the arguments it hands perf:load,
// its verdict against a story's ratio, and the folders the teacher's guide
// promises. Measuring is perf:load's, tested in perf-load.test.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXERCISES, NOT_YET } from '../perf/exercises/index.js';
import { loadArgs } from '../perf/exercises/lib/load-pair.js';
import { ratio, sideFigures, verdict } from '../perf/exercises/lib/report.js';
import { EXERCISES as KNOB_VALUES } from '../server/config/load.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
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

test('every exercise has its folder, a README with its command and figures, and a knob the server knows', () => {
  for (const e of EXERCISES) {
    const readme = new URL(`../perf/exercises/${e.id}-${e.slug}/README.md`, import.meta.url);
    assert.ok(existsSync(readme), `${e.id}-${e.slug}/README.md`);
    const text = readFileSync(readme, 'utf8');
    assert.match(text, new RegExp(`npm run exercise -- ${e.id}`), `${e.id}: the command`);
    assert.match(text, /Measured 20\d\d-\d\d-\d\d/, `${e.id}: the date of its measurement`);
    if (e.broken.EXERCISE) assert.ok(Object.hasOwn(KNOB_VALUES, e.broken.EXERCISE), `EXERCISE=${e.broken.EXERCISE}`);
  }
  for (const id of Object.keys(KNOB_VALUES))
    assert.ok(
      EXERCISES.some((e) => e.broken.EXERCISE === id),
      `EXERCISE=${id} has an exercise`,
    );
  const guide = readFileSync(new URL('../perf/exercises/README.md', import.meta.url), 'utf8');
  for (const e of [...EXERCISES, ...NOT_YET])
    assert.match(guide, new RegExp(`${e.id}-${e.slug}`), `the guide names ${e.id}`);
});

test('perf:load gets the pitfall as B, both sides the shared knobs, and --allow-broken', () => {
  const tls = /** @type {import('../perf/exercises/index.js').Exercise} */ (EXERCISES.find((e) => e.id === '08'));
  const args = loadArgs(tls, { duration: 20, rounds: 4, warmup: 3, json: '/tmp/x.json' }).join(' ');
  assert.match(args, /--env OVERLOAD_EVENT_LOOP_DELAY_MS=0 CATALOG_TLS=1 /, 'a noisy machine sheds neither side');
  assert.match(args, /--vs EXERCISE=08 --allow-broken --json \/tmp\/x.json$/);
  assert.match(args, /--concurrency 20 --upstream-latency 250 /);
  const clone = /** @type {import('../perf/exercises/index.js').Exercise} */ (EXERCISES.find((e) => e.id === '03'));
  assert.match(loadArgs(clone, { duration: 20, rounds: 4, warmup: 3, json: 'x' }).join(' '), /--prime \/genre\/drama /);
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
