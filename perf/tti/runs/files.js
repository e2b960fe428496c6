// @ts-check
// What perf:tti's runs leave behind: an SVG chart of the runs always (beside
// --json, or in perf/results/), and with --json everything measured, to
// compare later runs with.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { runsChartSvg } from '../chart.js';

/**
 * Writes the files and prints where they are.
 * @param {{
 *   url: string,
 *   options: import('../options.js').TTIOptions,
 *   profile: import('../../lib/throttling.js').Profile,
 *   measuresItself: boolean,
 *   runs: import('./loads.js').Run[],
 *   summary: ReturnType<typeof import('../summary-table.js').summarize>,
 *   vs: import('./print-summary.js').VsSummary | null,
 *   lighthouse: object | null,
 *   floorSummary: object | null,
 *   floorsInRuns?: import('./print-floors.js').FloorSummary[] | null,
 *   budgetLines: ReturnType<typeof import('../lighthouse/budget.js').checkBudget> | null,
 *   base: string,
 *   traceWindows: object | null,
 * }} measured base: from resultsBase (../files.js); traceWindows: --trace's summaries
 */
export function writeResults({
  url,
  options,
  profile,
  measuresItself,
  runs,
  summary,
  vs,
  lighthouse,
  floorSummary,
  floorsInRuns = null,
  budgetLines,
  base,
  traceWindows,
}) {
  const jsonFile = options.json ?? null;
  const chartFile = `${base}.svg`;
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
      floorsInRuns,
      budget: budgetLines,
      traceWindows,
    };
    writeFileSync(jsonFile, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`\nwrote ${jsonFile} and ${chartFile}`);
  } else {
    console.log(`\nchart: ${chartFile}`);
  }
}
