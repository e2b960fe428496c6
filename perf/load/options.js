// @ts-check
// Command-line options of perf/load/index.js, read and checked once.
import { parseArgs } from 'node:util';

export const USAGE = `npm run perf:load -- [options]
  --path /                    page or endpoint to load
  --concurrency 1,20,200,500  connections per level
  --duration 10               seconds per level (per configuration)
  --warmup 3                  seconds of warm-up per app before the first level
  --upstream-latency 0        catalog latency in ms (mean)
  --upstream-jitter 0         catalog jitter in ms (±)
  --env 'K=v ...'             extra environment of the app (configuration A); CATALOG_* knobs go to the catalog
  --vs 'K=v ...'              also measure configuration B, alternating A B A B; with CATALOG_* knobs
                              (CATALOG_TLS=1, CATALOG_LATENCY_MS=…) each side gets a catalog of its own
  --baseline                  B is the same page without a data layer (perf/baseline/), first visits only
  --prime '/a /b ...'         GET these paths once on every app before the warm-up (fills its caches as the
                              traffic of a running site would)
  --rounds 2                  A/B alternations per level with --vs
  --json FILE                 write every figure as JSON (and the chart next to it)
  --url URL                   load a running server instead of starting one
  --visitors returning        returning: each connection a visitor with 3 titles in My List; new: no cookie (first visits)
  --no-pin                    no taskset (e.g. to compare WORKERS=2 across all cores)
  --allow-broken              report levels with broken pages (bad status, missing cards, upstream errors)
                              as failed but exit 0; without it such a run exits 1`;

/** Options every tool that puts the app under load takes (perf:load, perf:flame). */
export const LOAD_OPTIONS = /** @type {const} */ ({
  path: { type: 'string', default: '/' },
  duration: { type: 'string', default: '10' },
  'upstream-latency': { type: 'string', default: '0' },
  'upstream-jitter': { type: 'string', default: '0' },
  env: { type: 'string', default: '' },
});

/** @param {string[]} argv */
export function readOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...LOAD_OPTIONS,
      concurrency: { type: 'string', default: '1,20,200,500' },
      warmup: { type: 'string', default: '3' },
      vs: { type: 'string' },
      baseline: { type: 'boolean', default: false },
      prime: { type: 'string', default: '' },
      rounds: { type: 'string', default: '2' },
      json: { type: 'string' },
      url: { type: 'string' },
      visitors: { type: 'string', default: 'returning' },
      'no-pin': { type: 'boolean', default: false },
      'allow-broken': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const problems = [];
  const number = (/** @type {string} */ name, /** @type {number} */ min) => {
    const n = Number(values[name]);
    if (!Number.isFinite(n) || n < min) problems.push(`--${name} must be a number >= ${min}, got ${values[name]}`);
    return n;
  };
  const levels = String(values.concurrency).split(',').map(Number);
  if (levels.some((c) => !Number.isInteger(c) || c < 1))
    problems.push(`--concurrency must list whole numbers, got ${values.concurrency}`);
  const options = {
    help: Boolean(values.help),
    path: String(values.path),
    levels,
    duration: number('duration', 1),
    warmup: number('warmup', 0),
    latencyMs: number('upstream-latency', 0),
    jitterMs: number('upstream-jitter', 0),
    env: parseEnv(String(values.env), problems),
    vs: values.vs === undefined ? null : parseEnv(values.vs, problems),
    rounds: number('rounds', 1),
    json: values.json ?? null,
    url: values.url ?? null,
    pin: !values['no-pin'],
    visitors: values.baseline ? 'new' : String(values.visitors),
    baseline: Boolean(values.baseline),
    allowBroken: Boolean(values['allow-broken']),
    prime: String(values.prime).split(/\s+/).filter(Boolean),
  };
  for (const p of options.prime) if (!p.startsWith('/')) problems.push(`--prime paths must start with /, got ${p}`);
  if (options.baseline && (options.vs || options.url)) problems.push('--baseline is its own B: drop --vs and --url');
  if (options.baseline && values.visitors === 'returning' && argv.includes('--visitors'))
    problems.push('--baseline has no visitors: it compares first visits (drop --visitors)');
  if (!['returning', 'new'].includes(options.visitors))
    problems.push(`--visitors must be returning or new, got ${options.visitors}`);
  if (!options.path.startsWith('/')) problems.push('--path must start with /');
  if (options.url && options.vs) problems.push('--vs starts both configurations itself: drop --url');
  if (problems.length > 0) throw new Error(`${problems.join('\n')}\n\n${USAGE}`);
  return options;
}

/**
 * 'ATF_ROWS=all WORKERS=2' → { ATF_ROWS: 'all', WORKERS: '2' }
 * @param {string} text
 * @param {string[]} problems
 */
export function parseEnv(text, problems) {
  /** @type {Record<string, string>} */
  const env = {};
  for (const pair of text.split(/\s+/).filter(Boolean)) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(pair);
    if (match) env[match[1]] = match[2];
    else problems.push(`not an ENV=value pair: ${pair}`);
  }
  return env;
}
