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
// The parts live beside this file: setups.js (what is measured),
// runs-alternated.js (the runs), run.js (one run) and print-summary.js.
import { availableParallelism } from 'node:os';
import { launchBrowser } from '../lib/browser.js';
import { readOptions } from './options.js';
import { runTool } from '../lib/run-tool.js';
import { buildClient } from '../lib/marquee-server.js';
import { startTargets } from '../lib/targets.js';
import { loadAverage } from '../lib/cpus.js';
import { navProfile, navSetups, describeSetup } from './setups.js';
import { runSetups } from './runs-alternated.js';
import { reportNav } from './print-summary.js';

const options = readOptions(process.argv.slice(2));
const profile = navProfile(options);
const progress = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);

await runTool('perf:nav', main);

/** @param {(stop: () => Promise<unknown>) => void} onStop */
async function main(onStop) {
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
    onStart: onStop,
  });
  const setups = navSetups(options, targets);
  const upstream = options.url ? 'as it runs' : `${options.latencyMs} ± ${options.jitterMs} ms`;
  progress(
    `perf:nav: ${options.runs} runs${setups.length > 1 ? ' each, alternating' : ''} · catalog ${upstream} · ` +
      `row ${options.row} card ${options.card} · profile ${options.profileName} (${profile.description}) · ` +
      `${availableParallelism()} cores, load average ${loadAverage()}`,
  );
  for (const s of setups) progress(`  ${s.name}: ${s.target.url} · ${describeSetup(s)}`);
  if (options.runs === 1) progress('  warning: one run is an anecdote, not a measurement; use --runs 5 or more');

  // ── Runs, alternated (A B, then B A…), then the summary ──────────────────
  const browser = await launchBrowser();
  onStop(() => browser.close().catch(() => {}));
  const runs = await runSetups(browser, setups, { options, profile, progress });
  await browser.close();
  const broken = reportNav({ options, profile, setups, runs, upstream });

  // ── A broken page is not a fast one: the measurement fails, loudly ────────
  if (broken.length > 0) {
    console.error(`\nBROKEN: ${broken.length} run(s) did not show the clicked title's page:\n${broken.join('\n')}`);
    process.exitCode = 1;
  }
}
