// @ts-check
// perf/tti/index.js --lighthouse: Lighthouse on the same URL and profile, to check
// the in-page lab TTI against it; alternately, in one run, with the page's floor
// (--floor: no scripts), its React-only floor (--react-floor: hydration alone)
// and the --vs page; with --budget, its medians against the budget's limits.
import path from 'node:path';
import { runLighthouse } from './run-lighthouse.js';
import { checkBudget } from './budget.js';
import { startFloorProxy } from './floor-proxy.js';
import { startReactFloorProxy } from './react-floor/proxy.js';
import { format } from '../../lib/format.js';
import { distribution } from '../../lib/stats.js';
import { lighthouseMedians, printSideTable } from './table.js';

/**
 * @typedef {{ interactive: number | null, fcp: number | null, lcp: number | null, tbt: number | null, scriptKB: number | null, marks: string[] }} LighthouseResult
 * @typedef {{ key: string, label: string, url: string, check: (result: LighthouseResult) => string | null, results: LighthouseResult[], failures: string[] }} Side
 *   check: why a run did not measure the real work (null when it did)
 */

/** A page that hydrates marks it (client/index.jsx, the React-only floor's entry). */
const hydrated = (/** @type {LighthouseResult} */ r) =>
  r.marks.includes('marquee:interactive') ? null : 'no marquee:interactive mark: the page did not hydrate';
const scriptless = (/** @type {LighthouseResult} */ r) =>
  (r.scriptKB ?? 0) > 0 ? `${r.scriptKB?.toFixed(1)} KB of script on a floor without scripts` : null;
const anything = () => null;

/**
 * Runs Lighthouse --lighthouse-runs times on each side, alternately, and prints what it found.
 * @param {{
 *   url: string,
 *   options: import('../options.js').TTIOptions,
 *   profile: import('../../lib/throttling.js').Profile,
 *   summary: ReturnType<typeof import('../summary-table.js').summarize>,
 *   progress: (line: string) => void,
 *   traceDir: string | null,
 *   measuresItself: boolean,
 *   vsMeasuresItself: boolean,
 * }} page summary: the in-page runs', to compare lab TTI with; traceDir: --trace's
 *   folder, for each Lighthouse run's report and trace; measuresItself (and the --vs
 *   page's): a Marquee page, which must show that it hydrated
 * @returns {Promise<{ lighthouse: object | null, floorSummary: object | null, budgetLines: ReturnType<typeof checkBudget> | null, failed: boolean }>}
 *   lighthouse: null when there is no interactive or lab TTI to compare; failed: a run did not measure the real work
 */
export async function lighthouseCrossCheck({
  url,
  options,
  profile,
  summary,
  progress,
  traceDir,
  measuresItself,
  vsMeasuresItself,
}) {
  const { pathname, search } = new URL(url);
  const floor = options.floor ? await startFloorProxy(url) : null;
  const reactFloor = options.reactFloor ? await startReactFloorProxy(url) : null;
  /** @returns {Side} */
  const side = (
    /** @type {string} */ key,
    /** @type {string} */ label,
    /** @type {string} */ at,
    /** @type {Side['check']} */ check,
  ) => ({
    key,
    label,
    url: at,
    check,
    results: [],
    failures: [],
  });
  const sides = [side('page', 'page', url, measuresItself ? hydrated : anything)];
  if (floor) sides.push(side('floor', 'floor (no scripts)', `${floor.url}${pathname}${search}`, scriptless));
  if (reactFloor) sides.push(side('reactFloor', 'React-only floor', `${reactFloor.url}${pathname}${search}`, hydrated));
  if (options.vs) sides.push(side('vs', 'B (--vs)', options.vs, vsMeasuresItself ? hydrated : anything));
  const method = options.lighthouseThrottling;
  // Which figures these are: devtools throttles the real load, simulate computes it from a fast one.
  const methodLabel =
    options.profile === 'none'
      ? 'throttling: none (provided)'
      : method === 'simulate'
        ? `throttling: simulate (Lighthouse's own ${options.profile} settings)`
        : `throttling: devtools (the ${options.profile} profile's values)`;
  progress(
    `\nperf:tti: Lighthouse 13 × ${options.lighthouseRuns}, ${methodLabel}: ${sides.map((s) => s.label).join(', ')}${sides.length > 1 ? ', alternately' : ''}`,
  );
  for (const side of sides.slice(1)) progress(`  ${side.label}: ${side.url}`);

  let unavailable = false;
  for (let i = 0; i < options.lighthouseRuns && !unavailable; i += 1) {
    // Each round starts one side further on: no side always runs first (or after the same one).
    const order = sides.map((_, k) => sides[(i + k) % sides.length]);
    for (const side of order) {
      const saveAs = traceDir ? path.join(traceDir, `lighthouse-${side.key}-${i + 1}`) : null;
      const result = await runLighthouse(side.url, options.profile, profile, saveAs, method);
      if (!result.ok) {
        console.log(`Lighthouse unavailable (${side.label}): ${result.reason}`);
        unavailable = true;
        break;
      }
      const problem = side.check(result);
      if (problem) side.failures.push(`run ${i + 1}: ${problem}`);
      else side.results.push(result);
      progress(
        `  ${side.label} ${i + 1}/${options.lighthouseRuns}: interactive ${format(result.interactive ?? NaN, 'ms')}, FCP ${format(result.fcp ?? NaN, 'ms')}, LCP ${format(result.lcp ?? NaN, 'ms')}, TBT ${format(result.tbt ?? NaN, 'ms')} (v${result.version})` +
          (problem ? ` — NOT COUNTED: ${problem}` : '') +
          (saveAs ? `; trace ${saveAs}-0.trace.json` : ''),
      );
    }
  }
  await floor?.stop();
  await reactFloor?.stop();

  const failed = sides.some((side) => side.failures.length > 0);
  for (const side of sides)
    if (side.failures.length > 0)
      console.log(
        `\nLighthouse on the ${side.label}: ${side.failures.length} run(s) not counted:\n  ${side.failures.join('\n  ')}`,
      );

  /** @type {object | null} */
  let floorSummary = null;
  const measured = sides.filter((side) => side.results.length > 0);
  if (measured.length > 1) {
    const medians = Object.fromEntries(measured.map((side) => [side.key, lighthouseMedians(side.results)]));
    console.log(`\nLighthouse ${methodLabel}`);
    printSideTable(measured, medians);
    floorSummary = {
      throttling: method,
      page: medians.page ?? null,
      floor: medians.floor ?? null,
      reactFloor: medians.reactFloor ?? null,
      vs: medians.vs ?? null,
      runs: Object.fromEntries(measured.map((side) => [side.key, side.results])),
    };
  }

  const page = sides[0];
  let lighthouse = null;
  /** @type {ReturnType<typeof checkBudget> | null} */
  let budgetLines = null;
  const interactive = distribution(page.results.map((r) => r.interactive ?? NaN));
  if (options.budget) budgetLines = checkBudget(options.budget, lighthouseMedians(page.results));
  if (interactive && summary.labTTI) {
    const ratio = summary.labTTI.median / interactive.median;
    console.log(
      `\nLighthouse (${methodLabel}) interactive median ${format(interactive.median, 'ms')} · in-page lab TTI median ${format(summary.labTTI.median, 'ms')} · ratio in-page / Lighthouse ${ratio.toFixed(2)}`,
    );
    lighthouse = { throttling: method, runs: page.results, interactive, ratio: Math.round(ratio * 100) / 100 };
  }
  if (budgetLines) {
    console.log(`\nbudget ${options.budgetFile} (Lighthouse medians of ${page.results.length} runs):`);
    for (const line of budgetLines) {
      const value = line.value === null ? 'not measured' : `${Math.round(line.value * 10) / 10} ${line.unit}`;
      console.log(`  ${line.ok ? 'ok  ' : 'OVER'} ${line.key.padEnd(12)} ${value} (limit ${line.limit} ${line.unit})`);
    }
  }
  return { lighthouse, floorSummary, budgetLines, failed };
}
