// @ts-check
// The load runner: a concurrency sweep against one page, the way Box measured
// its fix (Apache Bench at 20x concurrency against a 250 ms API, then the
// stress curve of concurrency against completed requests per second).
// Starts the catalog (with the given latency) and the app (NODE_ENV=production,
// WORKERS=1) in their own processes unless --url; see `--help`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readOptions, USAGE } from './lib/options.js';
import { planCpus } from './lib/cpus.js';
import { ensureClientBuild } from './lib/processes.js';
import { startTargets } from './lib/targets.js';
import { bestOfChecks, expectedCardsOf, preflightProblem } from './lib/page-check.js';
import { measureRun, summarize } from './lib/level.js';
import { scrape } from './lib/prometheus.js';
import { formatTable, formatRatios, ratioOf } from './lib/table.js';
import { stressCurveSvg } from './lib/chart.js';
import { returningVisitors } from './lib/visitors.js';

const options = readOptionsOrExit(process.argv.slice(2));
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
const cpus = planCpus({ pin: options.pin });
/** @type {(() => Promise<unknown>)[]} */
const stops = [];
const stopAll = () =>
  Promise.allSettled(
    stops
      .splice(0)
      .reverse()
      .map((stop) => stop()),
  );
process.once('SIGINT', () => stopAll().then(() => process.exit(130)));

try {
  await main();
} catch (error) {
  console.error(`perf:load: ${error.message}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}

async function main() {
  // ── Targets (each side on the catalog its knobs ask for: lib/targets.js) ──
  if (!options.url) await ensureClientBuild();
  const targets = await startTargets({ options, cpus, onStart: (stop) => stops.push(stop) });
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

  // ── Primed caches: the pages a running site would have served (--prime) ──
  for (const t of targets) {
    for (const p of options.prime) await (await fetch(new URL(p, t.url))).arrayBuffer();
  }
  if (options.prime.length > 0) console.log(`  primed: ${options.prime.length} paths asked once of each app`);

  // ── Visitors: returning (a signed cookie and a list each) or first visits ──
  const maxConnections = Math.max(...options.levels);
  /** @type {Record<string, string[] | undefined>} */
  const cookies = {};
  if (options.visitors === 'returning') {
    for (const t of targets) cookies[t.name] = await returningVisitors(t.url, Math.min(maxConnections, 50));
  }
  console.log(
    options.visitors === 'returning'
      ? `  visitors: returning (${cookies[targets[0].name]?.length} each with 3 titles in My List, one per connection)`
      : '  visitors: new (no cookie: every request a first visit)',
  );

  // ── Before any load: is each page whole? (lib/page-check.js) ────────────
  /** @type {Record<string, number>} the healthy page's cards, which every sampled page must show */
  const expectedCards = {};
  for (const t of targets) {
    const check = await bestOfChecks(new URL(options.path, t.url).href, { cookie: cookies[t.name]?.[0] });
    const problem = preflightProblem(check, options.path);
    if (problem && !options.allowBroken) throw new Error(`${t.name}: ${problem} (--allow-broken measures it anyway)`);
    if (problem) console.error(`  ${t.name}: BROKEN before the load: ${problem}`);
    expectedCards[t.name] = expectedCardsOf(check, options.path);
    console.log(
      `  ${t.name}: ${check.status}, ${check.bytes} bytes${check.html ? `, ${check.cards} cards (every sampled page must show them)` : ''}`,
    );
  }
  // The baseline must do the same work: the same cards on its page.
  if (options.baseline) {
    const [a, b] = [expectedCards.A, expectedCards.B];
    if (a === 0 || a !== b)
      throw new Error(`Marquee's page has ${a} cards, the baseline's ${b}: they must show the same`);
    console.log(`  both pages show ${a} cards`);
  }

  // ── Warm-up: JIT, keep-alive sockets, template caches ───────────────────
  for (const t of targets) {
    if (options.warmup > 0) {
      await measureRun({
        url: t.url,
        path: options.path,
        concurrency: 10,
        duration: options.warmup,
        cpus: cpus.generator,
        scrapeMetrics: false,
        cookies: cookies[t.name],
      });
    }
  }

  // ── Levels (alternating A B A B with --vs, so drift hits both alike) ─────
  const rounds = options.vs || options.baseline ? options.rounds : 1;
  /** @type {Record<string, import('./lib/level.js').Level[]>} */
  const levels = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (const concurrency of options.levels) {
    /** @type {Record<string, import('./lib/level.js').Run[]>} */
    const runs = Object.fromEntries(targets.map((t) => [t.name, []]));
    for (let round = 0; round < rounds; round += 1) {
      for (const t of targets) {
        const duration = Math.max(1, Math.round(options.duration / rounds));
        const label = `${t.name} c=${concurrency}${rounds > 1 ? ` round ${round + 1}/${rounds}` : ''}`;
        runs[t.name].push(
          await measureRun({
            url: t.url,
            path: options.path,
            concurrency,
            duration,
            cpus: cpus.generator,
            // The baseline has no /metrics: its figures are the generator's only.
            scrapeMetrics: scrapeMetrics && !(options.baseline && t.name === 'B'),
            cookies: cookies[t.name],
            expectedCards: expectedCards[t.name],
            onTick: progress(label, duration),
          }),
        );
      }
    }
    for (const t of targets) {
      const level = summarize(concurrency, runs[t.name]);
      levels[t.name].push(level);
      console.error(
        `  ${t.name} c=${concurrency}: ${level.rps} req/s, p50 ${level.p50} ms, p99 ${level.p99} ms, errors ${level.errors}${level.shed ? `, shed ${level.shed}` : ''}` +
          (level.failures.length > 0 ? `\n  ✗ ${t.name} c=${concurrency} FAILED: ${level.failures.join('; ')}` : ''),
      );
    }
  }

  // ── Report ──────────────────────────────────────────────────────────────
  console.log('');
  for (const t of targets) {
    console.log(
      formatTable(
        levels[t.name],
        `${t.name} ${options.path} (${
          Object.entries(t.env)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ') || 'defaults'
        }${options.baseline && t.name === 'B' ? '; baseline: no data layer' : ''}):`,
      ),
    );
    const phases = levels[t.name].filter((l) => l.pageUpstreamMs !== null);
    if (phases.length > 0) {
      console.log(
        `  server phases per page, mean ms: ${phases.map((l) => `c=${l.concurrency} upstream ${l.pageUpstreamMs} render ${l.pageRenderMs} template ${l.pageTemplateMs}`).join('; ')}`,
      );
    }
    console.log('');
  }
  let ratio = null;
  if (options.vs || options.baseline) {
    ratio = { levels: levels.A.map((a, i) => ratioOf(a, levels.B[i])) };
    console.log('ratio A / B:');
    for (const r of ratio.levels) console.log(`  ${formatRatios(r)}`);
  }

  const meta = {
    path: options.path,
    duration: options.duration,
    upstream: options.url ? null : { latencyMs: options.latencyMs, jitterMs: options.jitterMs },
    pinning: cpus.note,
    visitors: options.visitors,
    allowBroken: options.allowBroken,
    node: process.version,
    at: new Date().toISOString(),
  };
  const report =
    options.vs || options.baseline
      ? {
          meta,
          a: { env: targets[0].env, catalogEnv: targets[0].catalogEnv, levels: levels.A },
          b: { env: targets[1].env, catalogEnv: targets[1].catalogEnv, levels: levels.B },
          ratio,
        }
      : { meta, env: targets[0].env, catalogEnv: targets[0].catalogEnv, levels: levels[targets[0].name] };
  const stamp = meta.at.replace(/[:.]/g, '-');
  const jsonFile = options.json ?? path.join('perf', 'results', `load-${stamp}.json`);
  mkdirSync(path.dirname(path.resolve(jsonFile)), { recursive: true });
  writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
  const chartFile = jsonFile.replace(/\.json$/, '') + '.svg';
  const series = targets.map((t) => ({
    name: `${t.name} ${Object.entries(t.env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`.trim(),
    levels: levels[t.name],
  }));
  writeFileSync(chartFile, stressCurveSvg(series, `${options.path}: stress curve (upstream ${upstream})`));
  console.log(`\nwrote ${jsonFile} and ${chartFile}`);

  // ── Broken pages fail the run, loudly, however fast they were served ────
  const failed = targets.flatMap((t) => levels[t.name].filter((l) => l.failures.length > 0).map((l) => ({ t, l })));
  if (failed.length > 0) {
    console.error(`\nFAILED: ${failed.length} level(s) served broken pages or failed requests:`);
    for (const { t, l } of failed) console.error(`  ${t.name} c=${l.concurrency}: ${l.failures.join('; ')}`);
    if (options.allowBroken) console.error('  (--allow-broken: exit code 0 all the same)');
    else process.exitCode = 1;
  }
}

/**
 * A bad option is one line on stderr and exit code 1, not a stack trace.
 * @param {string[]} argv
 */
function readOptionsOrExit(argv) {
  try {
    return readOptions(argv);
  } catch (error) {
    // readOptions lists its problems, a blank line, then the usage: keep the problems.
    const problems = error.message.split('\n\n')[0].split('\n').join('; ');
    console.error(`perf:load: ${problems} (--help lists the options)`);
    process.exit(1);
  }
}

/**
 * @param {string} label
 * @param {number} duration
 */
function progress(label, duration) {
  return (/** @type {{ second: number, requests: number }} */ tick) => {
    const line = `  ${label}: ${tick.second}/${duration} s, ${tick.requests} req/s`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line.padEnd(60)}${tick.second >= duration ? '\n' : ''}`);
    else if (tick.second === duration || tick.second % 5 === 0) process.stderr.write(`${line}\n`);
  };
}
