// @ts-check
// What perf:tti --browser leaves behind: a chart per engine (and page, with
// --vs) and, with --json, every engine's runs, summary and ratios.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { runsChartSvg } from '../chart.js';

/**
 * perf:tti --browser's files: a chart per column (base-ENGINE.svg, or
 * base-ENGINE-A.svg and -B.svg with --vs) and, with --json, every column's
 * runs and summary, and each engine's B / A ratios.
 * @param {string} base from resultsBase (../files.js)
 * @param {{
 *   url: string,
 *   vs: string | null,
 *   options: import('../options.js').TTIOptions,
 *   profile: import('../../lib/throttling.js').Profile,
 *   columns: { engine: string, page: string | null, url: string, version: string, profile: string, runs: any[], summary: object }[],
 *   ratios: Record<string, Record<string, number>>,
 * }} measured
 */
export function writeEngineResults(base, { url, vs, options, profile, columns, ratios }) {
  mkdirSync(path.dirname(path.resolve(base)), { recursive: true });
  const charts = columns.map(({ engine, page, url: pageUrl, version, runs }) => {
    const file = `${base}-${engine}${page ? `-${page}` : ''}.svg`;
    writeFileSync(file, runsChartSvg(runs, `${pageUrl} · ${version} · ${options.profile} · ${runs.length} runs`));
    return file;
  });
  if (options.json) {
    const document = {
      url,
      ...(vs ? { vs, ratios } : {}),
      profile: { name: options.profile, ...profile },
      capMs: options.capMs,
      environment: { cores: availableParallelism(), node: process.version, measuredBy: 'page' },
      engines: columns,
    };
    writeFileSync(options.json, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`\nwrote ${options.json} and ${charts.join(', ')}`);
  } else {
    console.log(`\ncharts: ${charts.join(', ')}`);
  }
}
