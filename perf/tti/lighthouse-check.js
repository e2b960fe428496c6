// @ts-check
// perf/tti/index.js --lighthouse: Lighthouse on the same URL and profile, to check
// the in-page lab TTI against it; with --floor, against the page without its
// scripts too; with --budget, its medians against the budget's limits.
import path from 'node:path';
import { runLighthouse } from './lighthouse.js';
import { checkBudget } from './budget.js';
import { startFloorProxy } from './floor-proxy.js';
import { format } from '../lib/format.js';
import { distribution } from '../lib/stats.js';

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

/**
 * Runs Lighthouse --lighthouse-runs times and prints what it found.
 * @param {{
 *   url: string,
 *   options: import('./options.js').TTIOptions,
 *   profile: import('../lib/throttling.js').Profile,
 *   summary: ReturnType<typeof import('./summary-table.js').summarize>,
 *   progress: (line: string) => void,
 *   traceDir: string | null,
 * }} page summary: the in-page runs', to compare lab TTI with; traceDir: --trace's
 *   folder, for each Lighthouse run's report and trace
 * @returns {Promise<{ lighthouse: object | null, floorSummary: object | null, budgetLines: ReturnType<typeof checkBudget> | null }>}
 *   lighthouse: null when there is no interactive or lab TTI to compare
 */
export async function lighthouseCrossCheck({ url, options, profile, summary, progress, traceDir }) {
  let lighthouse = null;
  /** @type {ReturnType<typeof checkBudget> | null} */
  let budgetLines = null;
  /** @type {object | null} */
  let floorSummary = null;
  progress(`\nperf:tti: Lighthouse 13 × ${options.lighthouseRuns} on the same URL and profile…`);
  const results = [];
  /** @type {typeof results} */
  const floorResults = [];
  const floor = options.floor ? await startFloorProxy(url) : null;
  if (floor) progress(`  and the page's floor (no scripts, no preloads) through ${floor.url}, alternately`);
  for (let i = 0; i < options.lighthouseRuns; i += 1) {
    const saveAs = traceDir ? path.join(traceDir, `lighthouse-${i + 1}`) : null;
    const result = await runLighthouse(url, options.profile, profile, saveAs);
    if (!result.ok) {
      console.log(`Lighthouse unavailable: ${result.reason}`);
      break;
    }
    results.push(result);
    progress(
      `  lighthouse ${i + 1}/${options.lighthouseRuns}: interactive ${format(result.interactive ?? NaN, 'ms')}, FCP ${format(result.fcp ?? NaN, 'ms')}, LCP ${format(result.lcp ?? NaN, 'ms')}, TBT ${format(result.tbt ?? NaN, 'ms')} (v${result.version})` +
        (saveAs ? `; trace ${saveAs}-0.trace.json` : ''),
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
  return { lighthouse, floorSummary, budgetLines };
}
