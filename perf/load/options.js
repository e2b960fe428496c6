// @ts-check
// Command-line options of perf/load/index.js, read and checked once.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { LOAD_OPTIONS, parseEnv, readToolOptions } from '../lib/tool-options.js';

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
  --vs-root DIR               B is the app of the checkout in DIR (its own code, built there), with --vs's
                              knobs if any: two versions of the code, alternating (npm run exercise -- NN --check)
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

/**
 * A bad option is one line on stderr and exit code 1, not a stack trace;
 * --help prints USAGE (after the checks: a bad value wins).
 * @param {string[]} argv
 */
export function readOptions(argv) {
  return readToolOptions(argv, {
    tool: 'perf:load',
    usage: USAGE,
    options: {
      ...LOAD_OPTIONS,
      concurrency: { type: 'string', default: '1,20,200,500' },
      warmup: { type: 'string', default: '3' },
      vs: { type: 'string' },
      'vs-root': { type: 'string' },
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
    read: (values, problems) => checkOptions(argv, values, problems),
    // Its problems, each line of them, on one line.
    refuse: (problems) => ({
      message: `perf:load: ${problems.join('\n').split('\n\n')[0].split('\n').join('; ')} (--help lists the options)`,
      exitCode: 1,
    }),
  });
}

/**
 * @param {string[]} argv
 * @param {Record<string, any>} values
 * @param {string[]} problems
 */
function checkOptions(argv, values, problems) {
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
    vs: values.vs === undefined ? (values['vs-root'] === undefined ? null : {}) : parseEnv(values.vs, problems),
    vsRoot: values['vs-root'] === undefined ? null : path.resolve(values['vs-root']),
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
  if (options.vsRoot && !existsSync(path.join(options.vsRoot, 'server/build.js')))
    problems.push(`--vs-root ${values['vs-root']}: not a Marquee checkout (no server/build.js)`);
  if (options.url && options.vs) problems.push('--vs starts both configurations itself: drop --url');
  return options;
}
