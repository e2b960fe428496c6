// @ts-check
// npm run perf:nav -- [--runs 5] [--latency 250] [--intent none|hover|focus] [--dwell-ms N]
//                     [--vs 'K=v ...'] [--profile none] [--url URL] [--json FILE]
// Client-side navigation in real headless Chromium: each run loads `/`
// afresh, waits until the app is interactive, scrolls a card into view,
// optionally rests on it (hover, or keyboard focus then Enter), and clicks.
// Timed in the page from the click: to the title's <h1> on screen, to the
// complete title page; and the requests started in between. Runs on a
// Marquee started here (catalog at --latency) or on any running one
// (--url); with --vs, two configurations alternate and the ratios B / A are
// printed. A run that did not show the clicked title's page is broken: it is
// reported as such and the command exits 1. See docs/measuring-tti.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism, loadavg } from 'node:os';
import { launchBrowser } from '../test/helpers/browser.js';
import { readOptions, USAGE } from './lib/nav-options.js';
import { PROFILES } from './lib/throttling.js';
import { buildClient } from './lib/tti-server.js';
import { startTargets } from './lib/targets.js';
import { measureNavigation } from './lib/nav-run.js';
import { summarizeRuns, ratiosOf, summaryTable } from './lib/nav-report.js';

const options = (() => {
  try {
    return readOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`perf:nav: ${error.message} (--help lists the options)`);
    process.exit(1);
  }
})();
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
const baseProfile = PROFILES[options.profileName];
const profile =
  options.cpuSlowdown === null
    ? baseProfile
    : {
        ...baseProfile,
        cpuSlowdown: options.cpuSlowdown,
        description: `${baseProfile.description}; CPU ${options.cpuSlowdown}x`,
      };
const progress = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** @type {(() => Promise<unknown>)[]} */
const stops = [];
/** @type {import('playwright-core').Browser | null} */
let browser = null;
const stopAll = async () => {
  await browser?.close().catch(() => {});
  await Promise.allSettled(
    stops
      .splice(0)
      .reverse()
      .map((stop) => stop()),
  );
};
process.once('SIGINT', () => stopAll().then(() => process.exit(130)));

try {
  await main();
} catch (error) {
  console.error(`perf:nav: ${error.message}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}

async function main() {
  // ── The Marquees under test (each side on the catalog its knobs ask for: lib/targets.js) ──
  if (!options.url) {
    progress('perf:nav: building the client and starting Marquee (NODE_ENV=production)…');
    await buildClient();
  }
  const targets = await startTargets({
    options: {
      ...options,
      // Pitfall: the process-wide graph cache answers a title's second visit
      // without the catalog, so --latency would be felt once and then hidden.
      // One page load at a time: request logs would only compete with Chromium.
      env: options.url ? {} : { GRAPH_CACHE_TTL_MS: '0', LOG_LEVEL: 'warn', ...options.env },
    },
    // Unpinned: Chromium does most of the work here and needs every core.
    cpus: { app: null, generator: null, note: 'no pinning' },
    onStart: (stop) => stops.push(stop),
  });
  // The setups measured: A, and B when --vs (B's Marquee) or --vs-intent (B's intent) asks for one.
  const ownB = options.vs !== null || options.vsIntent !== null || options.vsDwellMs !== null;
  const setups = [
    { target: targets[0], name: ownB ? 'A' : targets[0].name, intent: options.intent, dwellMs: options.dwellMs },
    ...(ownB
      ? [
          {
            target: targets[1] ?? targets[0],
            name: 'B',
            intent: options.vsIntent ?? options.intent,
            dwellMs: options.vsDwellMs ?? options.dwellMs,
          },
        ]
      : []),
  ];
  const describe = (/** @type {(typeof setups)[number]} */ s) =>
    `${s.intent === 'none' ? 'straight click' : `${s.intent} ${s.dwellMs} ms, then ${s.intent === 'focus' ? 'Enter' : 'click'}`}` +
    `${Object.entries(s.target.env)
      .map(([k, v]) => ` ${k}=${v}`)
      .join('')}`;
  const upstream = options.url ? 'as it runs' : `${options.latencyMs} ± ${options.jitterMs} ms`;
  progress(
    `perf:nav: ${options.runs} runs${setups.length > 1 ? ' each, alternating' : ''} · catalog ${upstream} · ` +
      `row ${options.row} card ${options.card} · profile ${options.profileName} (${profile.description}) · ` +
      `${availableParallelism()} cores, load average ${load()}`,
  );
  for (const s of setups) progress(`  ${s.name}: ${s.target.url} · ${describe(s)}`);
  if (options.runs === 1) progress('  warning: one run is an anecdote, not a measurement; use --runs 5 or more');

  // ── Runs, alternated (A B, then B A…): on a shared machine only alternated runs compare ──
  browser = await launchBrowser();
  const run = (/** @type {(typeof setups)[number]} */ s) =>
    measureNavigation(/** @type {import('playwright-core').Browser} */ (browser), {
      url: new URL('/', s.target.url).href,
      profile,
      intent: s.intent,
      dwellMs: s.dwellMs,
      row: options.row,
      card: options.card,
      timeoutMs: options.timeoutMs,
      back: options.back,
    });
  for (const s of setups) {
    for (let i = 0; i < options.warmup; i += 1) {
      const warm = await run(s);
      progress(`  warm-up ${s.name}: ${warm.ok ? `${warm.completeMs} ms (not counted)` : `broken: ${warm.reason}`}`);
    }
  }
  /** @type {Record<string, import('./lib/nav-run.js').NavRun[]>} */
  const runs = Object.fromEntries(setups.map((s) => [s.name, []]));
  for (let i = 1; i <= options.runs; i += 1) {
    for (const s of i % 2 ? setups : [...setups].reverse()) {
      const started = Date.now();
      const result = await run(s);
      runs[s.name].push(result);
      const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
      progress(
        result.ok
          ? `  run ${i}/${options.runs} ${s.name}: heading ${result.headingMs} ms · complete ${result.completeMs} ms · ` +
              `requests after the click ${result.requests} (/model.json ${result.modelRequests}) · ` +
              `during the dwell ${result.dwellRequests} (/model.json ${result.dwellModelRequests}) · ` +
              (result.backMs === undefined
                ? ''
                : `Back: rows ${result.backMs} ms, list ${result.backListMs} ms, reads ended ${result.backReadsEndMs ?? '—'} ms · `) +
              `"${result.title.name}" (${took})`
          : `  run ${i}/${options.runs} ${s.name}: BROKEN: ${result.reason}`,
      );
    }
  }
  await browser.close();
  browser = null;

  // ── Summary ─────────────────────────────────────────────────────────────────
  const sides = setups.map((s) => ({
    name: s.name,
    url: s.target.url,
    intent: s.intent,
    dwellMs: s.dwellMs,
    env: s.target.env,
    catalogEnv: s.target.catalogEnv,
    runs: runs[s.name],
    good: runs[s.name].filter((r) => r.ok).length,
    summary: summarizeRuns(runs[s.name]),
  }));
  const ratios = sides.length === 2 ? ratiosOf(sides[0].summary, sides[1].summary) : null;
  console.log(`\nclient-side navigation · catalog ${upstream} · profile ${options.profileName}`);
  for (const s of setups) console.log(`  ${s.name}: ${describe(s)}`);
  console.log('');
  console.log(
    summaryTable(
      sides.map((s) => ({ name: s.name, summary: s.summary, good: s.good, runs: s.runs.length })),
      ratios,
    ),
  );
  console.log(`\nload average ${load()} (1, 5, 15 min) on ${availableParallelism()} cores`);

  if (options.json) {
    mkdirSync(path.dirname(path.resolve(options.json)), { recursive: true });
    const document = {
      at: new Date().toISOString(),
      options: { ...options, profile: { name: options.profileName, ...profile } },
      environment: { cores: availableParallelism(), loadAverage: loadavg(), node: process.version },
      sides,
      ratios,
    };
    writeFileSync(options.json, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`wrote ${options.json}`);
  }

  // ── A broken page is not a fast one: the measurement fails, loudly ────────
  const broken = sides.flatMap((s) =>
    s.runs.flatMap((r, i) => (r.ok ? [] : [`  ${s.name} run ${i + 1}: ${r.reason}`])),
  );
  if (broken.length > 0) {
    console.error(`\nBROKEN: ${broken.length} run(s) did not show the clicked title's page:\n${broken.join('\n')}`);
    process.exitCode = 1;
  }
}
