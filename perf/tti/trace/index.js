// @ts-check
// perf:tti --trace: where each run's Chromium trace goes and, after the
// tables, what the traces say about each run's TTI window (./report.js).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { printTraceWindows } from './report.js';

/**
 * @param {import('../options.js').TTIOptions} options
 * @param {string} base from resultsBase (../files.js)
 * @param {(line: string) => void} progress
 * @returns {string | null} the traces' folder, created (null without --trace)
 */
export function openTraceDir(options, base, progress) {
  const traceDir = options.trace ? (options.traceDir ?? `${base}-traces`) : null;
  if (traceDir) {
    mkdirSync(traceDir, { recursive: true });
    progress(`  a Chromium trace per run in ${path.join(traceDir, 'run-N.json')} (tracing slows the page a little)`);
  }
  return traceDir;
}

/**
 * With --vs, each side's windows apart (A and B), as the tables are.
 * @param {{
 *   url: string,
 *   runs: import('../runs/loads.js').Run[],
 *   vsSide: { url: string } | null,
 *   vsRuns: import('../runs/loads.js').Run[],
 * }} measured
 */
export function printTraceReport({ url, runs, vsSide, vsRuns }) {
  if (vsSide)
    return {
      A: printTraceWindows({ url, runs, label: 'A: ' }),
      B: printTraceWindows({ url: vsSide.url, runs: vsRuns, label: 'B: ' }),
    };
  return { runs: printTraceWindows({ url, runs }) };
}
