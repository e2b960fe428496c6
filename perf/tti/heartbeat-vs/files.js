// @ts-check
// What perf:tti --heartbeat-vs leaves behind: with --json, every load's three
// lab TTIs and the summary.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';

/**
 * perf:tti --heartbeat-vs's file: with --json, every load's three lab TTIs
 * and the summary (no chart: the table is the result).
 * @param {string} base from resultsBase (../files.js)
 * @param {{
 *   url: string,
 *   options: import('../options.js').TTIOptions,
 *   profile: import('../../lib/throttling.js').Profile,
 *   fidelity: ReturnType<typeof import('./fidelity.js').summarizeFidelity>,
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
