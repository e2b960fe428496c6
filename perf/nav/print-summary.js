// @ts-check
// The end of perf:nav: each setup's runs and medians, printed as a table
// (with B / A when two setups ran) and written to --json; and the runs that
// did not show the clicked title's page, which fail the measurement.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism, loadavg } from 'node:os';
import { summarizeRuns, ratiosOf, summaryTable } from './summary-table.js';
import { describeSetup } from './setups.js';
import { loadAverage } from '../lib/cpus.js';

/**
 * Prints the summary and writes --json.
 * @param {{
 *   options: import('./options.js').NavOptions, profile: import('../lib/throttling.js').Profile,
 *   setups: import('./setups.js').NavSetup[], runs: Record<string, import('./run.js').NavRun[]>,
 *   upstream: string,
 * }} measured upstream: the catalog's latency, in words
 * @returns {string[]} the broken runs, one line each (none: the measurement holds)
 */
export function reportNav({ options, profile, setups, runs, upstream }) {
  const sides = setups.map((s) => ({
    name: s.name,
    url: s.target.url,
    intent: s.intent,
    dwellMs: s.dwellMs,
    env: s.target.env,
    catalogEnv: s.target.catalogEnv,
    runs: runs[s.name],
    good: runs[s.name].filter((r) => r.ok).length,
    summary: summarizeRuns(runs[s.name]),
  }));
  const ratios = sides.length === 2 ? ratiosOf(sides[0].summary, sides[1].summary) : null;
  console.log(`\nclient-side navigation · catalog ${upstream} · profile ${options.profileName}`);
  for (const s of setups) console.log(`  ${s.name}: ${describeSetup(s)}`);
  console.log('');
  console.log(
    summaryTable(
      sides.map((s) => ({ name: s.name, summary: s.summary, good: s.good, runs: s.runs.length })),
      ratios,
    ),
  );
  console.log(`\nload average ${loadAverage()} (1, 5, 15 min) on ${availableParallelism()} cores`);

  if (options.json) {
    mkdirSync(path.dirname(path.resolve(options.json)), { recursive: true });
    const document = {
      at: new Date().toISOString(),
      options: { ...options, profile: { name: options.profileName, ...profile } },
      environment: { cores: availableParallelism(), loadAverage: loadavg(), node: process.version },
      sides,
      ratios,
    };
    writeFileSync(options.json, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`wrote ${options.json}`);
  }

  return sides.flatMap((s) => s.runs.flatMap((r, i) => (r.ok ? [] : [`  ${s.name} run ${i + 1}: ${r.reason}`])));
}
