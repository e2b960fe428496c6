// @ts-check
// Command-line options of perf/nav/index.js, read and checked once: a bad
// one is one line on stderr and exit code 1; --help prints USAGE.
import { PROFILES } from '../lib/throttling.js';
import { parseEnv, readToolOptions } from '../lib/tool-options.js';

export const USAGE = `npm run perf:nav -- [options]
  --runs 5                 navigations per configuration (fresh page load of / each)
  --url URL                measure this running Marquee instead of starting one (its catalog as it runs)
  --latency 250            catalog latency in ms, for the Marquee started here (mean)
  --jitter 25              ± spread of that latency
  --intent none            before the click: none | hover (pointer rests on the card) |
                           focus (keyboard focus on the card's link, then Enter instead of a click)
  --dwell-ms 0             how long the hover or focus lasts before the click (needs --intent hover|focus)
  --profile none           none | desktop | mobile: perf:tti's throttling profiles (CDP network, CPU, screen)
  --cpu N                  CPU slowdown instead of the profile's (e.g. --cpu 4 alone: CPU only)
  --row 4                  the home row whose card is clicked (rows past ATF_ROWS load as they scroll in)
  --card 0                 the card's position in that row
  --back                   then add the title to My List and go Back: time home's rows and the list after Back
  --env 'K=v ...'          extra environment of the app (configuration A); CATALOG_* knobs go to its catalog
  --vs 'K=v ...'           also measure configuration B (A's env with these over it), runs alternating
                           A B B A…; with CATALOG_* knobs each side gets a catalog of its own
  --vs-intent hover         B rests on the card this way instead (B is then this intent on the same Marquee,
                           or on B's with --vs): e.g. --intent none --vs-intent hover --vs-dwell-ms 300
  --vs-dwell-ms N          B's dwell (default: --dwell-ms)
  --warmup 1               navigations thrown away per configuration first (cold JIT and caches)
  --timeout 15000          ms a navigation may take before the run is reported broken
  --json FILE              write every run, the medians and the ratios as JSON`;

/**
 * @typedef {{
 *   url: string | null, runs: number, latencyMs: number, jitterMs: number,
 *   intent: 'none' | 'hover' | 'focus', dwellMs: number,
 *   profileName: keyof typeof PROFILES, cpuSlowdown: number | null,
 *   vsIntent: 'none' | 'hover' | 'focus' | null, vsDwellMs: number | null,
 *   row: number, card: number, env: Record<string, string>, vs: Record<string, string> | null,
 *   back: boolean, warmup: number, timeoutMs: number, json: string | null, help: boolean,
 *   baseline: false,
 * }} NavOptions
 *   baseline: always false (lib/targets.js serves perf:load's --baseline too)
 */

/**
 * @param {string[]} argv
 * @returns {NavOptions}
 */
export function readOptions(argv) {
  return readToolOptions(argv, {
    tool: 'perf:nav',
    usage: USAGE,
    options: {
      url: { type: 'string' },
      runs: { type: 'string', default: '5' },
      latency: { type: 'string', default: '250' },
      jitter: { type: 'string', default: '25' },
      intent: { type: 'string', default: 'none' },
      'dwell-ms': { type: 'string', default: '0' },
      profile: { type: 'string', default: 'none' },
      cpu: { type: 'string' },
      row: { type: 'string', default: '4' },
      card: { type: 'string', default: '0' },
      back: { type: 'boolean', default: false },
      env: { type: 'string', default: '' },
      vs: { type: 'string' },
      'vs-intent': { type: 'string' },
      'vs-dwell-ms': { type: 'string' },
      warmup: { type: 'string', default: '1' },
      timeout: { type: 'string', default: '15000' },
      json: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    read: (values, problems) => checkOptions(values, problems),
  });
}

/**
 * @param {Record<string, any>} values
 * @param {string[]} problems
 * @returns {NavOptions}
 */
function checkOptions(values, problems) {
  /** @param {string} name @param {string} raw @param {number} min @param {number} max @param {boolean} [whole] */
  const number = (name, raw, min, max, whole = true) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max || (whole && !Number.isInteger(n)))
      problems.push(`--${name} must be a ${whole ? 'whole ' : ''}number from ${min} to ${max}, got ${raw}`);
    return n;
  };
  const intent = /** @type {NavOptions['intent']} */ (values.intent);
  if (!['none', 'hover', 'focus'].includes(intent))
    problems.push(`--intent must be none, hover or focus, got ${values.intent}`);
  const dwellMs = number('dwell-ms', values['dwell-ms'], 0, 60_000);
  if (dwellMs > 0 && intent === 'none') problems.push('--dwell-ms needs --intent hover or focus (a dwell of what?)');
  const vsIntent = /** @type {NavOptions['vsIntent']} */ (values['vs-intent'] ?? null);
  if (vsIntent !== null && !['none', 'hover', 'focus'].includes(vsIntent))
    problems.push(`--vs-intent must be none, hover or focus, got ${vsIntent}`);
  const vsDwellMs =
    values['vs-dwell-ms'] === undefined ? null : number('vs-dwell-ms', values['vs-dwell-ms'], 0, 60_000);
  if (vsDwellMs !== null && vsIntent === null && !values.vs)
    problems.push("--vs-dwell-ms is B's: give --vs-intent (or --vs) too");
  const ownB = vsIntent !== null || vsDwellMs !== null;
  if (ownB && (vsDwellMs ?? dwellMs) > 0 && (vsIntent ?? intent) === 'none')
    problems.push("B's dwell needs an intent: --vs-intent hover or focus");
  if (!Object.hasOwn(PROFILES, values.profile))
    problems.push(`--profile must be one of ${Object.keys(PROFILES).join(', ')}, got ${values.profile}`);
  const options = {
    url: values.url ?? null,
    runs: number('runs', values.runs, 1, 500),
    latencyMs: number('latency', values.latency, 0, 60_000),
    jitterMs: number('jitter', values.jitter, 0, 60_000),
    intent,
    dwellMs,
    vsIntent,
    vsDwellMs,
    profileName: /** @type {keyof typeof PROFILES} */ (values.profile),
    cpuSlowdown: values.cpu === undefined ? null : number('cpu', values.cpu, 1, 20, false),
    row: number('row', values.row, -1, 100),
    card: number('card', values.card, 0, 100),
    back: values.back,
    env: parseEnv(values.env, problems),
    vs: values.vs === undefined ? null : parseEnv(values.vs, problems),
    warmup: number('warmup', values.warmup, 0, 10),
    timeoutMs: number('timeout', values.timeout, 1000, 300_000),
    json: values.json ?? null,
    help: values.help,
    baseline: /** @type {const} */ (false),
  };
  if (options.url) {
    try {
      if (!/^https?:$/.test(new URL(options.url).protocol)) problems.push('--url must be http: or https:');
    } catch {
      problems.push(`--url ${options.url}: not an absolute URL`);
    }
    if (options.vs) problems.push('--vs starts both configurations itself: drop --url');
    if (Object.keys(options.env).length > 0) problems.push('--env configures a Marquee started here: drop --url');
  }
  if (options.vs && Object.keys(options.vs).length === 0) problems.push('--vs needs at least one K=v pair');
  return options;
}
