// @ts-check
// Command-line options of perf/page/index.js, read and checked once: --help
// prints USAGE (before any check); a bad option, the first problem and the
// usage, exit code 2.
import { readToolOptions } from '../lib/tool-options.js';

export const USAGE = 'npm run perf:page -- [--pages 500] [--atf-rows 3] [--latency-ms 250] [--jitter-ms 25] [--runs 5]';

/** @param {string[]} argv */
export function readOptions(argv) {
  return readToolOptions(argv, {
    tool: 'perf:page',
    usage: USAGE,
    helpFirst: true,
    options: {
      pages: { type: 'string', default: '500' },
      'atf-rows': { type: 'string', default: '3' },
      'latency-ms': { type: 'string', default: '250' },
      'jitter-ms': { type: 'string', default: '25' },
      runs: { type: 'string', default: '5' },
      help: { type: 'boolean', default: false },
    },
    read: (values, problems) => {
      const count = Number(values.pages);
      const rows = Number(values['atf-rows']);
      const latencyMs = Number(values['latency-ms']);
      const jitterMs = Number(values['jitter-ms']);
      const runs = Number(values.runs);
      if (!Number.isInteger(count) || count < 1)
        problems.push(`--pages must be a whole number >= 1, got ${values.pages}`);
      if (!Number.isInteger(rows) || rows < 1)
        problems.push(`--atf-rows must be a whole number >= 1, got ${values['atf-rows']}`);
      if (!Number.isInteger(latencyMs) || latencyMs < 0)
        problems.push(`--latency-ms must be a whole number >= 0, got ${values['latency-ms']}`);
      if (!Number.isInteger(jitterMs) || jitterMs < 0 || jitterMs > latencyMs)
        problems.push(`--jitter-ms must be a whole number from 0 to --latency-ms, got ${values['jitter-ms']}`);
      // Each run of a title's first request reads another title: 30 at most.
      if (!Number.isInteger(runs) || runs < 1 || runs > 30)
        problems.push(`--runs must be a whole number from 1 to 30, got ${values.runs}`);
      return { pages: count, atfRows: rows, latencyMs, jitterMs, runs };
    },
    refuse: ([first]) => ({ message: `perf:page: ${first}\n${USAGE}`, exitCode: 2 }),
  });
}
