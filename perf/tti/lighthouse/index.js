// @ts-check
// perf/tti/index.js --lighthouse: Lighthouse on the same URL and profile, to check
// the in-page lab TTI against it; alternately, in one run, with the page's floor
// (--floor: no scripts), its React-only floor (--react-floor: hydration alone)
// and the --vs page; with --budget, its medians against the budget's limits.
// Its rounds are run one at a time (runRound), so that perf:tti can alternate
// them with its in-page loads (../runs/with-lighthouse.js); finish prints.
import path from 'node:path';
import { runLighthouse } from './run-lighthouse.js';
import { runRetryingTraceFailure } from './retry-trace-failure.js';
import { startFloorProxy } from './floor-proxy.js';
import { startReactFloorProxy } from './react-floor/proxy.js';
import { format } from '../../lib/format.js';
import { anything, hydrated, newSide, scriptless, withFigures } from './checks.js';
import { reportLighthouse, roundsOrder } from './report.js';

/**
 * @typedef {{
 *   url: string,
 *   options: import('../options.js').TTIOptions,
 *   profile: import('../../lib/throttling.js').Profile,
 *   progress: (line: string) => void,
 *   traceDir: string | null,
 *   measuresItself: boolean,
 *   vsMeasuresItself: boolean,
 *   floorUrls?: { floor: string | null, reactFloor: string | null },
 *   runOne?: typeof runLighthouse,
 * }} LighthousePlan
 *   traceDir: --trace's folder, for each Lighthouse run's report and trace; measuresItself
 *   (and the --vs page's): a Marquee page, which must show that it hydrated; floorUrls: the
 *   floors' addresses when their proxies run already (the runs' own, ../runs/floors.js);
 *   runOne: one Lighthouse run (a test's stand-in)
 * @typedef {ReturnType<typeof reportLighthouse>} LighthouseFound
 */

/**
 * Sets up Lighthouse's sides (and the floors' proxies the runs do not share).
 * @param {LighthousePlan} plan
 * @returns {Promise<{
 *   runRound: (i: number) => Promise<void>,
 *   finish: (summary: ReturnType<typeof import('../summary-table.js').summarize>) => Promise<LighthouseFound>,
 * }>} runRound: round i (1-based) on every side, in turn; finish: the tables, the ratio
 *   to the in-page runs' summary, the budget, and the proxies stopped
 */
export async function startLighthouse({
  url,
  options,
  profile,
  progress,
  traceDir,
  measuresItself,
  vsMeasuresItself,
  floorUrls,
  runOne = runLighthouse,
}) {
  const { pathname, search } = new URL(url);
  const floor = options.floor && !floorUrls?.floor ? await startFloorProxy(url) : null;
  const reactFloor = options.reactFloor && !floorUrls?.reactFloor ? await startReactFloorProxy(url) : null;
  const floorUrl = floorUrls?.floor ?? (floor ? `${floor.url}${pathname}${search}` : null);
  const reactFloorUrl = floorUrls?.reactFloor ?? (reactFloor ? `${reactFloor.url}${pathname}${search}` : null);
  const sides = [newSide('page', 'page', url, measuresItself ? hydrated : anything)];
  if (floorUrl) sides.push(newSide('floor', 'floor (no scripts)', floorUrl, scriptless));
  if (reactFloorUrl) sides.push(newSide('reactFloor', 'React-only floor', reactFloorUrl, hydrated));
  if (options.vs) sides.push(newSide('vs', 'B (--vs)', options.vs, vsMeasuresItself ? hydrated : anything));
  const method = options.lighthouseThrottling;
  // Which figures these are: devtools throttles the real load, simulate computes it from a fast one.
  const methodLabel =
    options.profile === 'none'
      ? 'throttling: none (provided)'
      : method === 'simulate'
        ? `throttling: simulate (Lighthouse's own ${options.profile} settings)`
        : `throttling: devtools (the ${options.profile} profile's values)`;
  const order = roundsOrder(options);
  progress(
    `\nperf:tti: Lighthouse 13 × ${options.lighthouseRuns}, ${methodLabel}: ${sides.map((s) => s.label).join(', ')}${sides.length > 1 ? ', alternately' : ''}; ${order}`,
  );
  for (const side of sides.slice(1)) progress(`  ${side.label}: ${side.url}`);

  let unavailable = false;
  /** @param {number} i */
  async function runRound(i) {
    if (unavailable) return;
    // Each round starts one side further on: no side always runs first (or after the same one).
    const inTurn = sides.map((_, k) => sides[(i - 1 + k) % sides.length]);
    for (const side of inTurn) {
      const round = `${side.label} ${i}/${options.lighthouseRuns}`;
      const base = traceDir ? path.join(traceDir, `lighthouse-${side.key}-${i}`) : null;
      let saveAs = base;
      const { result, retriedAfter } = await runRetryingTraceFailure(
        () => runOne(side.url, options.profile, profile, saveAs, method),
        (failed) => {
          progress(
            `  ${round}: ${failed.code}: Lighthouse's trace of this load was unusable (no figure of the page's); running this round once more`,
          );
          saveAs = base ? `${base}-retry` : null; // the failed attempt's report stays, for a look
        },
      );
      if (!result.ok) {
        if (!retriedAfter && !result.code) {
          // No runtime error of a page's load: Lighthouse itself could not run (missing, no browser).
          console.log(`Lighthouse unavailable (${side.label}): ${result.reason}`);
          unavailable = true;
          return;
        }
        const why = retriedAfter ? `${retriedAfter}, then after one retry: ${result.reason}` : result.reason;
        side.failures.push(`run ${i}: ${why}`);
        progress(`  ${round}: NOT COUNTED: ${why}`);
        continue;
      }
      if (retriedAfter)
        side.retries.push(`run ${i}: measured on a second attempt, the first failed with ${retriedAfter}`);
      const problem = side.check(result) ?? withFigures(result);
      if (problem) side.failures.push(`run ${i}: ${problem}`);
      else side.results.push(result);
      progress(
        `  ${round}: interactive ${format(result.interactive ?? NaN, 'ms')}, FCP ${format(result.fcp ?? NaN, 'ms')}, LCP ${format(result.lcp ?? NaN, 'ms')}, TBT ${format(result.tbt ?? NaN, 'ms')} (v${result.version})` +
          (problem ? ` — NOT COUNTED: ${problem}` : '') +
          (saveAs ? `; trace ${saveAs}-0.trace.json` : ''),
      );
    }
  }

  return {
    runRound,
    async finish(summary) {
      await floor?.stop();
      await reactFloor?.stop();
      return reportLighthouse({ sides, options, methodLabel, summary, order });
    },
  };
}
