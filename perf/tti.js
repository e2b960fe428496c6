// @ts-check
// npm run perf:tti -- [--url URL] [--runs N] [--profile none|desktop|mobile] [--json FILE] [--lighthouse] [--floor] [--budget FILE]
// Time To Interactive in real browsers: N fresh headless Chromium page loads
// of Marquee (started here, as `npm start` runs it) or of any --url, each
// under the profile's CDP throttling, measured by the page's own modules
// (client/measure/; injected into sites that lack them). Prints each figure's
// min / median / p90 / max and spread; --json writes the runs, the summary
// and an SVG chart of the runs. See README, "Measuring Time To Interactive".
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { launchBrowser } from '../test/helpers/browser.js';
import { readOptions } from './lib/tti-options.js';
import { PROFILES } from './lib/throttling.js';
import { buildClient, startMarquee } from './lib/tti-server.js';
import { measureScript, pageMeasuresItself } from './lib/inject-measure.js';
import { measurePageLoad } from './lib/page-run.js';
import { summarize, summaryTable, format } from './lib/tti-report.js';
import { runsChartSvg } from './lib/tti-chart.js';
import { runLighthouse } from './lib/lighthouse.js';
import { checkBudget } from './lib/tti-budget.js';
import { startFloorProxy } from './lib/floor-proxy.js';
import { distribution } from './lib/stats.js';

// A bad option is one line on stderr, not a stack trace (readOptions prints
// and exits on the values it checks; parseArgs throws on an unknown option).
const options = (() => {
  try {
    return readOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`perf:tti: ${error.message} (--help lists the options)`);
    process.exit(1);
  }
})();
const profile = PROFILES[options.profile];
const progress = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);

// ── The page under test ─────────────────────────────────────────────────────
/** @type {import('playwright-core').Browser | null} */
let browser = null;
let server = null;
let url = options.url;
if (!url) {
  progress('perf:tti: building the client and starting Marquee (NODE_ENV=production)…');
  await buildClient();
  server = await startMarquee();
  url = `${server.url}${options.path}`;
}
const stopAll = async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
};
process.once('SIGINT', () => stopAll().then(() => process.exit(130)));

const measuresItself = await pageMeasuresItself(url);
const injectScript = measuresItself ? null : await measureScript();
progress(
  `perf:tti: ${url} · profile ${options.profile} (${profile.description}) · ${options.runs} runs · ${availableParallelism()} cores`,
);
progress(
  measuresItself
    ? '  the page measures itself (client/measure/)'
    : '  measurement injected at document start (App TTI only if the page marks marquee:interactive)',
);
if (options.runs === 1) progress('  warning: one run is anecdote, not measurement; use --runs 5 or more');

// ── Runs ────────────────────────────────────────────────────────────────────
if (options.trace) {
  mkdirSync(options.trace, { recursive: true });
  progress(`  a Chromium trace per run in ${options.trace}/run-N.json (DevTools › Performance › Load profile)`);
}
/** @typedef {import('./lib/page-run.js').RunResult & { run: number }} Run */
/** @type {Run[]} */
const runs = [];
/** @type {Run[]} the --vs page's runs */
const vsRuns = [];
const vsSide = options.vs ? { url: options.vs, measuresItself: await pageMeasuresItself(options.vs) } : null;
if (vsSide) progress(`  against ${vsSide.url} (B), alternately: A B, B A, …`);
try {
  browser = await launchBrowser();
  for (let i = 1; i <= options.runs; i += 1) {
    const sides = [
      { name: 'A', url, measuresItself, into: runs },
      ...(vsSide ? [{ name: 'B', ...vsSide, into: vsRuns }] : []),
    ];
    // Alternate which side goes first: a machine that slows down mid-run hurts both alike.
    if (i % 2 === 0) sides.reverse();
    for (const side of sides) {
      const started = Date.now();
      const result = await measurePageLoad(/** @type {import('playwright-core').Browser} */ (browser), {
        url: side.url,
        profile,
        injectScript: side.measuresItself ? null : (injectScript ?? (await measureScript())),
        capMs: options.capMs,
        pressKeys: side.measuresItself,
        traceFile: options.trace ? path.join(options.trace, `run-${i}${vsSide ? side.name : ''}.json`) : null,
      });
      side.into.push({ run: i, ...result });
      const m = result.metrics;
      const show = (/** @type {number | undefined} */ v) => (v === undefined ? '—' : format(v, 'ms'));
      progress(
        `  run ${i}/${options.runs}${vsSide ? ` ${side.name}` : ''}: App TTI ${show(m.appTTI)} · lab TTI ${m.labTTI === undefined ? result.labTTIStatus : show(m.labTTI)} · ` +
          `TBT ${show(m.tbt)} · FCP ${show(m.fcp)} · LCP ${show(m.lcp)} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  }
} catch (error) {
  await stopAll();
  console.error(`perf:tti: ${error.message}`);
  process.exit(1);
}
await browser.close();

// ── Summary ─────────────────────────────────────────────────────────────────
const summary = summarize(runs);
console.log(`\n${vsSide ? 'A: ' : ''}${url} · ${options.profile} · ${runs.length} runs\n`);
console.log(summaryTable(summary, runs.length));
const notFound = runs.filter((r) => r.labTTIStatus !== 'found').length;
if (notFound > 0)
  console.log(
    `\nlab TTI not found in ${notFound} of ${runs.length} runs (no quiet window before the ${options.capMs} ms cap)`,
  );
/** @type {{ url: string, runs: Run[], summary: ReturnType<typeof summarize>, ratio: Record<string, number> } | null} */
let vs = null;
if (vsSide) {
  const vsSummary = summarize(vsRuns);
  console.log(`\nB: ${vsSide.url} · ${options.profile} · ${vsRuns.length} runs\n`);
  console.log(summaryTable(vsSummary, vsRuns.length));
  /** @type {Record<string, number>} */
  const ratio = {};
  for (const [key, a] of Object.entries(summary)) {
    const b = vsSummary[key];
    if (b && a.median > 0) ratio[key] = Math.round((b.median / a.median) * 100) / 100;
  }
  console.log(
    `\nratio B / A of the medians: ${Object.entries(ratio)
      .map(([key, r]) => `${key} ${r.toFixed(2)}x`)
      .join(' · ')}`,
  );
  vs = { url: vsSide.url, runs: vsRuns, summary: vsSummary, ratio };
}
if (options.profile !== 'none')
  console.log('\nnote: CDP throttling does not delay TTFB; its latency lands in HTML responseEnd.');

// ── Lighthouse cross-check ──────────────────────────────────────────────────
let lighthouse = null;
/** @type {ReturnType<typeof checkBudget> | null} */
let budgetLines = null;
/** @type {object | null} */
let floorSummary = null;
/**
 * @param {{ interactive: number | null, fcp: number | null, lcp: number | null, tbt: number | null, scriptKB: number | null }[]} results
 */
function lighthouseMedians(results) {
  const median = (/** @type {(number | null)[]} */ values) => distribution(values.map((v) => v ?? NaN))?.median ?? null;
  return {
    interactive: median(results.map((r) => r.interactive)),
    fcp: median(results.map((r) => r.fcp)),
    lcp: median(results.map((r) => r.lcp)),
    tbt: median(results.map((r) => r.tbt)),
    scriptKB: median(results.map((r) => r.scriptKB)),
  };
}
if (options.lighthouse) {
  progress(`\nperf:tti: Lighthouse 13 × ${options.lighthouseRuns} on the same URL and profile…`);
  const results = [];
  /** @type {typeof results} */
  const floorResults = [];
  const floor = options.floor ? await startFloorProxy(url) : null;
  if (floor) progress(`  and the page's floor (no scripts, no preloads) through ${floor.url}, alternately`);
  for (let i = 0; i < options.lighthouseRuns; i += 1) {
    const result = await runLighthouse(url, options.profile, profile);
    if (!result.ok) {
      console.log(`Lighthouse unavailable: ${result.reason}`);
      break;
    }
    results.push(result);
    progress(
      `  lighthouse ${i + 1}/${options.lighthouseRuns}: interactive ${format(result.interactive ?? NaN, 'ms')}, FCP ${format(result.fcp ?? NaN, 'ms')}, LCP ${format(result.lcp ?? NaN, 'ms')}, TBT ${format(result.tbt ?? NaN, 'ms')} (v${result.version})`,
    );
    if (!floor) continue;
    const floorResult = await runLighthouse(`${floor.url}${new URL(url).pathname}`, options.profile, profile);
    if (!floorResult.ok) {
      console.log(`Lighthouse on the floor failed: ${floorResult.reason}`);
      break;
    }
    floorResults.push(floorResult);
    progress(
      `  floor ${i + 1}/${options.lighthouseRuns}: FCP ${format(floorResult.fcp ?? NaN, 'ms')}, LCP ${format(floorResult.lcp ?? NaN, 'ms')}`,
    );
  }
  await floor?.stop();
  if (floorResults.length > 0) {
    const page = lighthouseMedians(results);
    const bare = lighthouseMedians(floorResults);
    console.log(`
Lighthouse medians, the page against its floor (${floorResults.length} runs each, alternated):`);
    for (const key of /** @type {const} */ (['fcp', 'lcp', 'interactive', 'tbt'])) {
      const a = page[key];
      const b = bare[key];
      const ratio = a !== null && b !== null && b > 0 ? `${(a / b).toFixed(2)}x` : '-';
      console.log(
        `  ${key.padEnd(12)} page ${format(a ?? NaN, 'ms').padStart(9)}  floor ${format(b ?? NaN, 'ms').padStart(9)}  ${ratio}`,
      );
    }
    floorSummary = { page, floor: bare, runs: floorResults };
  }
  const interactive = distribution(results.map((r) => r.interactive ?? NaN));
  if (options.budget) budgetLines = checkBudget(options.budget, lighthouseMedians(results));
  if (interactive && summary.labTTI) {
    const ratio = summary.labTTI.median / interactive.median;
    console.log(
      `\nLighthouse interactive median ${format(interactive.median, 'ms')} · in-page lab TTI median ${format(summary.labTTI.median, 'ms')} · ratio in-page / Lighthouse ${ratio.toFixed(2)}`,
    );
    lighthouse = { runs: results, interactive, ratio: Math.round(ratio * 100) / 100 };
  }
  if (budgetLines) {
    console.log(`\nbudget ${options.budgetFile} (Lighthouse medians of ${results.length} runs):`);
    for (const line of budgetLines) {
      const value = line.value === null ? 'not measured' : `${Math.round(line.value * 10) / 10} ${line.unit}`;
      console.log(`  ${line.ok ? 'ok  ' : 'OVER'} ${line.key.padEnd(12)} ${value} (limit ${line.limit} ${line.unit})`);
    }
  }
}
await server?.stop();

// ── Files ───────────────────────────────────────────────────────────────────
const jsonFile = options.json ?? null;
const chartFile = jsonFile
  ? jsonFile.replace(/\.json$/i, '') + '.svg'
  : path.join('perf', 'results', `tti-${new Date().toISOString().replace(/[:.]/g, '-')}.svg`);
mkdirSync(path.dirname(path.resolve(chartFile)), { recursive: true });
writeFileSync(chartFile, runsChartSvg(runs, `${url} · ${options.profile} · ${runs.length} runs`));
if (jsonFile) {
  const document = {
    url,
    profile: { name: options.profile, ...profile },
    capMs: options.capMs,
    environment: {
      cores: availableParallelism(),
      node: process.version,
      measuredBy: measuresItself ? 'page' : 'injected',
    },
    runs,
    summary,
    vs,
    lighthouse,
    floor: floorSummary,
    budget: budgetLines,
  };
  writeFileSync(jsonFile, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`\nwrote ${jsonFile} and ${chartFile}`);
} else {
  console.log(`\nchart: ${chartFile}`);
}
if (budgetLines && budgetLines.some((line) => !line.ok)) {
  console.error(
    `perf:tti: over budget (${options.budgetFile}): ${budgetLines
      .filter((line) => !line.ok)
      .map((line) => line.key)
      .join(', ')}`,
  );
  process.exitCode = 1;
}
