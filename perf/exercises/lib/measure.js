// @ts-check
// One exercise measured broken against fixed in one run (npm run exercise -- NN):
// perf:load alternating the two (A: this tree as it is, B: a copy with the
// exercise's unfixed.patch applied, lib/broken-tree.js), Chromium's TTI for
// exercises that have it, the comparison printed and, with --json, written.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { measurePair } from './load-pair.js';
import { makeBrokenTree } from './broken-tree.js';
import { patchOf } from './unfix.js';
import { formatComparison, ratio, sideFigures, verdict } from './report.js';

/**
 * @param {import('../index.js').EXERCISES[number]} exercise
 * @param {ReturnType<typeof import('./options.js').readOptionsOrExit>} options
 */
export async function measureExercise(exercise, options) {
  const { load } = exercise;
  const perSide = options.duration / options.rounds;
  console.error(
    `exercise ${exercise.id} ${exercise.slug}: GET ${load.path} at c=${load.concurrency}, catalog at ${load.latencyMs} ms${exercise.both ? ` (${Object.entries(exercise.both).map(([k, v]) => `${k}=${v}`)})` : ''}`,
  );
  console.error(
    `  A = fixed (this tree as it is), B = broken (a copy with ${patchOf(exercise)} applied: ${exercise.brokenLabel})`,
  );
  console.error(
    `  ${options.rounds} rounds of ${perSide} s each, A B A B …; about ${estimate(exercise, options)} s in all`,
  );
  if (!options.keepGuard)
    console.error("  the overload guard's event-loop trigger is off on both sides (--keep-guard keeps it)");

  const broken = await makeBrokenTree(exercise, { ownClient: Boolean(exercise.tti) });
  let measured;
  let tti = null;
  try {
    measured = await measurePair(exercise, { ...options, vsRoot: broken.dir });
    if (exercise.tti) {
      console.error(`  Time To Interactive in Chromium: ${options.ttiRuns} loads each, alternating`);
      const { measureTtiPair } = await import('./tti-pair.js');
      tti = await measureTtiPair({ brokenRoot: broken.dir, runs: options.ttiRuns });
    }
  } finally {
    broken.remove();
  }
  const { report, tables } = measured;
  const command = measured.command.replace(broken.dir, '<the broken copy>');
  if (options.verbose) console.log(tables);
  const [fixedLevel, brokenLevel] = [report.a.levels[0], report.b.levels[0]];

  const sides = {
    broken: sideFigures(brokenLevel, tti ? { appTTI: tti.broken.appTTI, labTTI: tti.broken.labTTI } : {}),
    fixed: sideFigures(fixedLevel, tti ? { appTTI: tti.fixed.appTTI, labTTI: tti.fixed.labTTI } : {}),
  };

  console.log(
    `\nexercise ${exercise.id}: ${exercise.title} (${new Date().toISOString().slice(0, 10)}, node ${process.version})`,
  );
  console.log(
    `  ${command}${tti ? `\n  then ${tti.runs} alternating page loads each in Chromium (${tti.profile} profile)` : ''}\n`,
  );
  console.log(formatComparison(exercise, sides));
  // Per round, in order: a pitfall that grows with time shows here.
  console.log(
    `\np50 per round (ms): broken ${brokenLevel.runs.map((r) => r.p50).join(', ')}; fixed ${fixedLevel.runs.map((r) => r.p50).join(', ')}`,
  );
  for (const [name, level] of [
    ['broken', brokenLevel],
    ['fixed', fixedLevel],
  ])
    if (level.failures.length > 0) console.log(`${name} FAILED: ${level.failures.join('; ')}`);
    else if (level.shed > 0) console.log(`${name}: ${level.shed} pages shed (503) by the overload guard`);

  if (options.json) {
    const seedRatio = ratio(exercise.seed.before, exercise.seed.after);
    const measured = ratio(sides.broken[exercise.headline], sides.fixed[exercise.headline]);
    const figures = Object.fromEntries(
      exercise.figures.map((f) => [
        f,
        { broken: sides.broken[f], fixed: sides.fixed[f], ratio: ratio(sides.broken[f], sides.fixed[f]) },
      ]),
    );
    const document = {
      exercise: { id: exercise.id, slug: exercise.slug, title: exercise.title, broken: exercise.brokenLabel },
      at: new Date().toISOString(),
      node: process.version,
      command,
      headline: { figure: exercise.headline, ratio: measured, seed: { ...exercise.seed, ratio: seedRatio } },
      verdict: verdict(measured, seedRatio),
      figures,
      failures: { broken: brokenLevel.failures, fixed: fixedLevel.failures },
      tti,
      load: report,
    };
    mkdirSync(path.dirname(path.resolve(options.json)), { recursive: true });
    writeFileSync(options.json, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`\nwrote ${options.json}`);
  }
}

/**
 * Seconds the run takes, roughly: two apps' start, warm-up, the load (and Chromium).
 * @param {import('../index.js').EXERCISES[number]} exercise
 * @param {{ warmup: number, duration: number, ttiRuns: number }} options
 */
function estimate(exercise, options) {
  return Math.round(30 + 2 * options.warmup + 2 * options.duration + (exercise.tti ? options.ttiRuns * 2 * 8 : 0));
}
