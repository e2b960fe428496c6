// @ts-check
// Command-line options of perf/input/index.js, read and checked once: --help
// prints USAGE (before any check); an option parseArgs refuses is one line and
// exit code 1; values that fail the checks, each on a line, the usage, exit code 2.
import { problemsThenUsage, readToolOptions } from '../lib/tool-options.js';

export const USAGE = `npm run perf:input -- [options]
  --runs 12            page loads, one click each (the median of one is an anecdote)
  --url URL            measure this Marquee instead of starting one (repeat --url to alternate between several)
  --compare DIR        also start the Marquee checked out in DIR (e.g. a git worktree of the previous build)
                       and alternate runs between the two
  --latency 250        catalog latency in ms for the Marquees started here (rows load while you click)
  --jitter 25          ± spread of that latency
  --scroll 0.3         where to jump, as a share of the page height
  --dpr 1              device pixel ratio (2: the 320w posters)
  --width 1280 --height 800   the viewport
  --warmup 1           clicks thrown away per Marquee first (its first posters and rows are rendered cold)
  --skip-bytes         do not measure the poster bytes of the first viewport (two page loads per Marquee)
  --floor              also click each Marquee with its posters refused (every /art/ request a 404), alternated: the
                       page's own floor, what the posters add
  --json FILE          write every click and the summary as JSON`;

/**
 * @typedef {{
 *   urls: string[], compare: string | null, runs: number, latencyMs: number, jitterMs: number,
 *   scroll: number, dpr: number, viewport: { width: number, height: number }, json: string | null,
 *   warmup: number, skipBytes: boolean, floor: boolean,
 * }} InputOptions
 */

/**
 * @param {string[]} argv
 * @returns {InputOptions}
 */
export function readOptions(argv) {
  return readToolOptions(argv, {
    tool: 'perf:input',
    usage: USAGE,
    helpFirst: true,
    options: {
      url: { type: 'string', multiple: true, default: [] },
      compare: { type: 'string' },
      runs: { type: 'string', default: '12' },
      latency: { type: 'string', default: '250' },
      jitter: { type: 'string', default: '25' },
      scroll: { type: 'string', default: '0.3' },
      dpr: { type: 'string', default: '1' },
      width: { type: 'string', default: '1280' },
      height: { type: 'string', default: '800' },
      json: { type: 'string' },
      warmup: { type: 'string', default: '1' },
      'skip-bytes': { type: 'boolean', default: false },
      floor: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    read: (values, problems) => checkOptions(values, problems),
    refuse: problemsThenUsage('perf:input', USAGE),
  });
}

/**
 * @param {Record<string, any>} values
 * @param {string[]} problems
 * @returns {InputOptions}
 */
function checkOptions(values, problems) {
  /** @param {string} name @param {string} raw @param {number} min @param {number} max */
  const number = (name, raw, min, max) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max) problems.push(`--${name} must be a number from ${min} to ${max}`);
    return n;
  };
  const runs = number('runs', values.runs, 1, 500);
  if (!Number.isInteger(runs)) problems.push('--runs must be a whole number');
  const options = {
    urls: values.url,
    compare: values.compare ?? null,
    runs,
    latencyMs: number('latency', values.latency, 0, 10_000),
    jitterMs: number('jitter', values.jitter, 0, 10_000),
    scroll: number('scroll', values.scroll, 0, 1),
    dpr: number('dpr', values.dpr, 1, 4),
    viewport: { width: number('width', values.width, 200, 4000), height: number('height', values.height, 200, 4000) },
    json: values.json ?? null,
    warmup: number('warmup', values.warmup, 0, 10),
    skipBytes: values['skip-bytes'],
    floor: values.floor,
  };
  for (const url of options.urls) {
    try {
      if (!/^https?:$/.test(new URL(url).protocol)) problems.push('--url must be http: or https:');
    } catch {
      problems.push(`--url ${url}: not an absolute URL`);
    }
  }
  return options;
}
