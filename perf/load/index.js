// @ts-check
// The load runner: a concurrency sweep against one page, the way Box measured
// its fix (Apache Bench at 20x concurrency against a 250 ms API, then the
// stress curve of concurrency against completed requests per second).
// Starts the catalog (with the given latency) and the app (NODE_ENV=production,
// WORKERS=1) in their own processes unless --url; see `--help`.
// The phases live beside this file: prepare.js (before the load),
// levels.js (the sweep) and report.js (tables and files).
import { readOptions } from './options.js';
import { runTool } from '../lib/run-tool.js';
import { planCpus } from '../lib/cpus.js';
import { ensureClientBuild } from '../../deploy/lib/processes.js';
import { startTargets } from '../lib/targets.js';
import { scrape } from '../lib/prometheus.js';
import { prepareTargets } from './prepare.js';
import { measureLevels } from './levels.js';
import { reportLevels } from './report.js';
import { PER_CARD_PAGES, measurePages, reportPerCard } from './per-card.js';
import { costCheck } from './cost-check.js';

const options = readOptions(process.argv.slice(2));
const cpus = planCpus({ pin: options.pin });
await runTool('perf:load', options.perCard ? perCard : options.costCheck ? check : main);

/** --per-card: Marquee's pages against the plain reference page (./per-card.js). */
async function perCard(/** @type {(stop: () => Promise<unknown>) => void} */ onStop) {
  await ensureClientBuild();
  console.log(
    `perf:load --per-card  c=${options.cardsConcurrency}  ${options.duration} s per page in ${options.rounds} rounds  upstream ${options.latencyMs} ms  first visits\n  ${cpus.note}; node ${process.version}`,
  );
  const started = await measurePages({
    pages: Object.values(PER_CARD_PAGES),
    concurrency: options.cardsConcurrency,
    duration: options.duration,
    rounds: options.rounds,
    warmup: options.warmup,
    latencyMs: options.latencyMs,
    env: options.env,
    cpus,
    onStart: onStop,
  });
  reportPerCard(started);
}

/** --cost-check FILE: CI's regression check (./cost-check.js). */
async function check(/** @type {(stop: () => Promise<unknown>) => void} */ onStop) {
  await ensureClientBuild();
  console.log(`perf:load --cost-check  c=${options.cardsConcurrency}  ${cpus.note}; node ${process.version}`);
  const passed = await costCheck({
    file: /** @type {string} */ (options.costCheck),
    record: options.record,
    concurrency: options.cardsConcurrency,
    duration: options.duration,
    rounds: options.rounds,
    warmup: options.warmup,
    env: options.env,
    cpus,
    onStart: onStop,
  });
  if (!passed) process.exitCode = 1;
}

/** @param {(stop: () => Promise<unknown>) => void} onStop */
async function main(onStop) {
  // ── Targets (each side on the catalog its knobs ask for: lib/targets.js) ──
  if (!options.url) await ensureClientBuild();
  const targets = await startTargets({ options, cpus, onStart: onStop });
  const scrapeMetrics = await scrape(targets[0].url).then(
    () => true,
    () => false,
  );
  const upstream = options.url ? 'as running' : `${options.latencyMs} ms ± ${options.jitterMs} ms`;
  console.log(
    `perf:load ${options.path}  levels ${options.levels.join(',')}  ${options.duration} s each  upstream ${upstream}`,
  );
  console.log(
    `  ${cpus.note}; node ${process.version}; ${scrapeMetrics ? 'server figures from /metrics' : 'no /metrics: generator figures only'}`,
  );
  for (const t of targets)
    console.log(
      `  ${t.name}: ${t.url} ${Object.entries(t.env)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
    );

  // ── Before the load: caches primed, visitors, pages checked, warm-up ────
  const { cookies, expectedCards } = await prepareTargets({ targets, options, cpus });

  // ── Levels (alternating A B A B with --vs, so drift hits both alike) ─────
  const levels = await measureLevels({ targets, options, cpus, scrapeMetrics, cookies, expectedCards });

  // ── Report ──────────────────────────────────────────────────────────────
  reportLevels({ targets, levels, options, cpus, upstream });

  // ── Broken pages fail the run, loudly, however fast they were served ────
  const failed = targets.flatMap((t) => levels[t.name].filter((l) => l.failures.length > 0).map((l) => ({ t, l })));
  if (failed.length > 0) {
    console.error(`\nFAILED: ${failed.length} level(s) served broken pages or failed requests:`);
    for (const { t, l } of failed) console.error(`  ${t.name} c=${l.concurrency}: ${l.failures.join('; ')}`);
    if (options.allowBroken) console.error('  (--allow-broken: exit code 0 all the same)');
    else process.exitCode = 1;
  }
}
