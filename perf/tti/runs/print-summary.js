// @ts-check
// What perf/tti/index.js prints once the runs are done: each figure's distribution
// over the runs and, with --vs, the other page's and the ratio of the medians.
import { summarize, summaryTable } from '../summary-table.js';

/** @typedef {import('./loads.js').Run} Run */
/** @typedef {{ url: string, runs: Run[], summary: ReturnType<typeof summarize>, ratio: Record<string, number> }} VsSummary */

/**
 * @param {{
 *   url: string,
 *   runs: Run[],
 *   vsSide: { url: string } | null,
 *   vsRuns: Run[],
 *   options: import('../options.js').TTIOptions,
 * }} measured
 * @returns {{ summary: ReturnType<typeof summarize>, vs: VsSummary | null }} vs: null without --vs
 */
export function printSummary({ url, runs, vsSide, vsRuns, options }) {
  const summary = summarize(runs);
  console.log(`\n${vsSide ? 'A: ' : ''}${url} · ${options.profile} · ${runs.length} runs\n`);
  console.log(summaryTable(summary, runs.length));
  console.log(methodsLine(runs));
  const notFound = runs.filter((r) => r.labTTIStatus !== 'found').length;
  if (notFound > 0)
    console.log(
      `\nlab TTI not found in ${notFound} of ${runs.length} runs (no quiet window before the ${options.capMs} ms cap)`,
    );
  /** @type {VsSummary | null} */
  let vs = null;
  if (vsSide) {
    const vsSummary = summarize(vsRuns);
    console.log(`\nB: ${vsSide.url} · ${options.profile} · ${vsRuns.length} runs\n`);
    console.log(summaryTable(vsSummary, vsRuns.length));
    console.log(methodsLine(vsRuns));
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
  return { summary, vs };
}

/**
 * What found the long tasks of each run's lab TTI (client/measure/long-tasks.js).
 * @param {Run[]} runs
 */
function methodsLine(runs) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const run of runs) {
    const method = run.labTTIMethod ?? 'none';
    counts[method] = (counts[method] ?? 0) + 1;
  }
  return `lab TTI by: ${Object.entries(counts)
    .map(([method, n]) => `${method} ${n}/${runs.length}`)
    .join(', ')}`;
}
