// @ts-check
// What perf:tti --browser leaves behind: a chart per engine and, with --json,
// every engine's runs and summary.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { runsChartSvg } from '../chart.js';

/**
 * perf:tti --browser's files: a chart per engine (base-ENGINE.svg) and, with
 * --json, every engine's runs and summary.
 * @param {string} base from resultsBase (../files.js)
 * @param {{
 *   url: string,
 *   options: import('../options.js').TTIOptions,
 *   profile: import('../../lib/throttling.js').Profile,
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
