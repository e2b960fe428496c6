// @ts-check
// Command-line options of perf/flame/index.js, read and checked once.
import { LOAD_OPTIONS, parseEnv, readToolOptions } from '../lib/tool-options.js';

export const USAGE = `npm run perf:flame -- [--path /] [--duration 10] [--concurrency 20]
    [--upstream-latency 0] [--upstream-jitter 0] [--env 'K=v ...'] [--top 15] [--out DIR]
Profiles the app (node --cpu-prof) under autocannon load, writes DIR/flame.html
(an interactive flame graph) and DIR/profile.cpuprofile, and prints the top frames
by self time and the longest busy stretches of the event loop.`;

/**
 * A bad option is one line on stderr and exit code 1, not a stack trace.
 * @param {string[]} argv
 */
export function readOptions(argv) {
  return readToolOptions(argv, {
    tool: 'perf:flame',
    usage: USAGE,
    options: {
      ...LOAD_OPTIONS,
      concurrency: { type: 'string', default: '20' },
      top: { type: 'string', default: '15' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    read: (values, problems) => {
      const env = parseEnv(String(values.env), problems);
      for (const name of /** @type {const} */ (['duration', 'concurrency', 'top'])) {
        const n = Number(values[name]);
        if (!Number.isInteger(n) || n < 1) problems.push(`--${name} must be a whole number >= 1, got ${values[name]}`);
      }
      for (const name of /** @type {const} */ (['upstream-latency', 'upstream-jitter'])) {
        const n = Number(values[name]);
        if (!Number.isFinite(n) || n < 0) problems.push(`--${name} must be a number >= 0, got ${values[name]}`);
      }
      return { values, env, duration: Number(values.duration), concurrency: Number(values.concurrency) };
    },
  });
}
