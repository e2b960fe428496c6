// @ts-check
// Command-line options of perf/posters/index.js: --help prints USAGE; a bad
// value is one line on stderr and exit code 1 (perf/lib/tool-options.js).
import { readToolOptions } from '../lib/tool-options.js';

export const USAGE = `npm run perf:posters -- [options]
  --runs 5             fresh page loads per device and Marquee (the median of one is an anecdote)
  --compare DIR        also start the Marquee checked out in DIR (e.g. a git worktree of the previous build)
                       and alternate runs between the two
  --latency 250        catalog latency in ms for the Marquees started here
  --jitter 25          ± spread of that latency`;

/** @typedef {{ runs: number, compare: string | null, latencyMs: number, jitterMs: number }} PosterOptions */

/**
 * @param {string[]} argv
 * @returns {PosterOptions}
 */
export function readOptions(argv) {
  return readToolOptions(argv, {
    tool: 'perf:posters',
    usage: USAGE,
    options: {
      runs: { type: 'string', default: '5' },
      compare: { type: 'string' },
      latency: { type: 'string', default: '250' },
      jitter: { type: 'string', default: '25' },
      help: { type: 'boolean', default: false },
    },
    read: (values, problems) => {
      /** @param {string} name @param {number} max */
      const number = (name, max) => {
        const n = Number(values[name]);
        if (!Number.isInteger(n) || n < (name === 'runs' ? 1 : 0) || n > max)
          problems.push(`--${name} must be a whole number up to ${max}`);
        return n;
      };
      return {
        runs: number('runs', 100),
        compare: values.compare ?? null,
        latencyMs: number('latency', 10_000),
        jitterMs: number('jitter', 10_000),
      };
    },
  });
}
