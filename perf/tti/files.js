// @ts-check
// What perf/tti/index.js leaves behind: an SVG chart of the runs always (beside
// --json, or in perf/results/), and with --json everything measured, to
// compare later runs with.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { runsChartSvg } from './chart.js';

/**
 * Where this run's files go, without extension: --json's FILE, else a new
 * perf/results/tti-<time> (the chart adds .svg, --trace a -traces folder).
 * @param {import('./options.js').TTIOptions} options
 */
export function resultsBase(options) {
  return options.json
    ? options.json.replace(/\.json$/i, '')
    : path.join('perf', 'results', `tti-${new Date().toISOString().replace(/[:.]/g, '-')}`);
}

/**
 * Writes the files and prints where they are.
 * @param {{
 *   url: string,
 *   options: import('./options.js').TTIOptions,
 *   profile: import('../lib/throttling.js').Profile,
 *   measuresItself: boolean,
 *   runs: import('./runs/loads.js').Run[],
 *   summary: ReturnType<typeof import('./summary-table.js').summarize>,
 *   vs: import('./runs/print-summary.js').VsSummary | null,
 *   lighthouse: object | null,
 *   floorSummary: object | null,
 *   budgetLines: ReturnType<typeof import('./lighthouse/budget.js').checkBudget> | null,
 *   base: string,
 *   traceWindows: object | null,
 * }} measured base: from resultsBase; traceWindows: --trace's summaries
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
      budget: budgetLines,
      traceWindows,
    };
    writeFileSync(jsonFile, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`\nwrote ${jsonFile} and ${chartFile}`);
  } else {
    console.log(`\nchart: ${chartFile}`);
  }
}

/**
 * perf:tti --browser's files: a chart per engine (base-ENGINE.svg) and, with
 * --json, every engine's runs and summary.
 * @param {string} base from resultsBase
 * @param {{
 *   url: string,
 *   options: import('./options.js').TTIOptions,
 *   profile: import('../lib/throttling.js').Profile,
 *   engines: { engine: string, version: string, profile: string, runs: any[], summary: object }[],
 * }} measured
 */
export function writeEngineResults(base, { url, options, profile, engines }) {
  mkdirSync(path.dirname(path.resolve(base)), { recursive: true });
  const charts = engines.map(({ engine, version, runs }) => {
    const file = `${base}-${engine}.svg`;
    writeFileSync(file, runsChartSvg(runs, `${url} · ${version} · ${options.profile} · ${runs.length} runs`));
    return file;
  });
  if (options.json) {
    const document = {
      url,
      profile: { name: options.profile, ...profile },
      capMs: options.capMs,
      environment: { cores: availableParallelism(), node: process.version, measuredBy: 'page' },
      engines,
    };
    writeFileSync(options.json, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`\nwrote ${options.json} and ${charts.join(', ')}`);
  } else {
    console.log(`\ncharts: ${charts.join(', ')}`);
  }
}

/**
 * perf:tti --heartbeat-vs's file: with --json, every load's three lab TTIs
 * and the summary (no chart: the table is the result).
 * @param {string} base from resultsBase
 * @param {{
 *   url: string,
 *   options: import('./options.js').TTIOptions,
 *   profile: import('../lib/throttling.js').Profile,
 *   fidelity: ReturnType<typeof import('./heartbeat-vs/fidelity.js').summarizeFidelity>,
 * }} measured
 */
export function writeFidelityResults(base, { url, options, profile, fidelity }) {
  if (!options.json) return;
  mkdirSync(path.dirname(path.resolve(base)), { recursive: true });
  const document = {
    url,
    profile: { name: options.profile, ...profile },
    capMs: options.capMs,
    environment: { cores: availableParallelism(), node: process.version, measuredBy: 'page' },
    heartbeatFidelity: fidelity,
  };
  writeFileSync(options.json, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`\nwrote ${options.json}`);
}
