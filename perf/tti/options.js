// @ts-check
// Command-line options of perf/tti/index.js, read and checked once: --help
// prints USAGE (before any check); an option parseArgs refuses is one line and
// exit code 1; values that fail the checks, each on a line, the usage, exit code 2.
import { problemsThenUsage, readToolOptions } from '../lib/tool-options.js';
import { PROFILES } from '../lib/throttling.js';
import { readBudget } from './lighthouse/budget.js';
import { ENGINES } from './engines/engine.js';

export const USAGE = `npm run perf:tti -- [options]
  --url URL                 measure this page instead of starting Marquee (any site)
  --vs URL                  also measure this page (B), alternately with A, and print the ratios B / A
                            (with --browser: a column per engine and page, and each engine's B / A)
  --heartbeat-vs            the fidelity check (Chromium only): each load finds lab TTI three ways at once,
                            by Long Tasks (the page's own), by LoAF and by the heartbeat Firefox and Safari
                            run, and prints how far the heartbeat's is from the others (medians and per load)
  --path /                  the page of the Marquee started here, e.g. /title/the-shawshank-redemption-1994
  --runs 5                  fresh page loads (never trust one: the spread is wide)
  --browser chromium        chromium | firefox | webkit, or a comma list (firefox,webkit): the runs
                            alternate between them and one table has a column per engine. Firefox ESR
                            over WebDriver BiDi, WebKitGTK's MiniBrowser over WebDriver under Xvfb (Debian's
                            firefox-esr, webkit2gtk-driver, xvfb); only Chromium can throttle CPU and
                            network, the others take the profile's screen size only and say so. Any page:
                            one without client/measure/ gets it before its own scripts (a BiDi preload
                            script in Firefox, a proxy inserting it first in the head in WebKit)
  --profile mobile          none | desktop | mobile (CDP throttling, as Lighthouse's devtools mode)
  --json FILE               write every run and the summary as JSON, the chart next to it
  --trace                   record each run's Chromium trace (DevTools › Performance › Load profile, or
                            chrome://tracing) beside --json (FILE-traces/) or in perf/results/, and print
                            per run the requests and main-thread long tasks before TTI. Tracing slows
                            the page a little: every figure of a traced run includes it, so compare
                            traced runs only with traced runs. With --lighthouse, its traces too
  --trace-dir DIR           the traces in DIR instead (implies --trace)
  --lighthouse              also run Lighthouse 13 (a dev dependency) and compare its "interactive"
  --lighthouse-runs 3       Lighthouse rounds for the comparison, alternated with the in-page loads: round
                            i right after the loads' round i (those past --runs after the last one), so
                            that both meet the same machine load. A round whose trace Lighthouse could
                            not read, NO_NAVSTART and kin, is run once more and said so; twice, not counted
  --lighthouse-throttling devtools
                            devtools | simulate: devtools really throttles the load with the profile's
                            values (as the runs here do); simulate is Lighthouse's default and PageSpeed
                            Insights': a fast load replayed by its simulation (Lantern) at its own
                            mobile or desktop settings. The output names the method used
  --floor                   the page's floor too (its HTML without scripts and preloads, through a
                            proxy): --runs loads in turn with the page, the measurement injected, each
                            checked to have run no script of the page's (else not counted, exit 1), its
                            lab TTI in ms and page / floor; and Lighthouse on it, alternately, with
                            ratios (implies --lighthouse)
  --react-floor             the page's React-only floor too (the same HTML hydrated by React and the
                            page's components alone: no Falcor, no measurement, no navigation, nothing at
                            idle; built here, through a proxy): --runs loads, each checked to have
                            hydrated with that bundle alone, and Lighthouse, as --floor. With --vs,
                            Lighthouse runs on B too
  --budget FILE             limits for Lighthouse's medians (JSON: interactive, fcp, lcp, tbt in ms,
                            scriptKB); exits 1 when the page is over one (implies --lighthouse)
  --cap 30000               ms before the in-page lab TTI search gives up (reported as not found)`;

/**
 * @typedef {{
 *   url: string | null,
 *   path: string,
 *   vs: string | null,
 *   heartbeatVs: boolean,
 *   runs: number,
 *   browsers: import('./engines/engine.js').EngineName[],
 *   profile: keyof typeof PROFILES,
 *   json: string | null,
 *   trace: boolean,
 *   traceDir: string | null,
 *   lighthouse: boolean,
 *   lighthouseRuns: number,
 *   lighthouseThrottling: 'devtools' | 'simulate',
 *   floor: boolean,
 *   reactFloor: boolean,
 *   budget: import('./lighthouse/budget.js').Budget | null,
 *   budgetFile: string | null,
 *   capMs: number,
 * }} TTIOptions
 */

/**
 * @param {string[]} argv
 * @returns {TTIOptions}
 */
export function readOptions(argv) {
  return readToolOptions(argv, {
    tool: 'perf:tti',
    usage: USAGE,
    helpFirst: true,
    options: {
      url: { type: 'string' },
      path: { type: 'string', default: '/' },
      vs: { type: 'string' },
      'heartbeat-vs': { type: 'boolean', default: false },
      runs: { type: 'string', default: '5' },
      browser: { type: 'string', default: 'chromium' },
      profile: { type: 'string', default: 'mobile' },
      json: { type: 'string' },
      trace: { type: 'boolean', default: false },
      'trace-dir': { type: 'string' },
      lighthouse: { type: 'boolean', default: false },
      'lighthouse-runs': { type: 'string', default: '3' },
      'lighthouse-throttling': { type: 'string', default: 'devtools' },
      budget: { type: 'string' },
      floor: { type: 'boolean', default: false },
      'react-floor': { type: 'boolean', default: false },
      cap: { type: 'string', default: '30000' },
      help: { type: 'boolean', default: false },
    },
    read: (values, problems) => checkOptions(values, problems),
    refuse: problemsThenUsage('perf:tti', USAGE),
  });
}

/**
 * @param {Record<string, any>} values
 * @param {string[]} problems
 * @returns {TTIOptions}
 */
function checkOptions(values, problems) {
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 200) problems.push('--runs must be a whole number from 1 to 200');
  if (!Object.hasOwn(PROFILES, values.profile))
    problems.push(`--profile must be one of ${Object.keys(PROFILES).join(', ')}`);
  const lighthouseRuns = Number(values['lighthouse-runs']);
  if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1 || lighthouseRuns > 20)
    problems.push('--lighthouse-runs must be from 1 to 20');
  const lighthouseThrottling = values['lighthouse-throttling'];
  if (!['devtools', 'simulate'].includes(lighthouseThrottling))
    problems.push('--lighthouse-throttling must be devtools or simulate');
  const capMs = Number(values.cap);
  if (!Number.isInteger(capMs) || capMs < 6000 || capMs > 300_000)
    problems.push('--cap must be ms from 6000 to 300000');
  if (!values.path.startsWith('/') || values.path.startsWith('//'))
    problems.push('--path must be a path on the site, starting with one /');
  if (values.url && values.path !== '/')
    problems.push('--path is for the Marquee started here; with --url, put it in the URL');
  const browsers = /** @type {import('./engines/engine.js').EngineName[]} */ (
    values.browser.split(',').map((/** @type {string} */ name) => name.trim())
  );
  for (const name of browsers)
    if (!(/** @type {readonly string[]} */ (ENGINES).includes(name)))
      problems.push(`--browser: ${JSON.stringify(name)} is none of ${ENGINES.join(', ')}`);
  if (new Set(browsers).size !== browsers.length) problems.push('--browser names an engine twice');
  const chromiumOnly = ['heartbeat-vs', 'trace', 'trace-dir', 'lighthouse', 'floor', 'budget'].filter(
    (name) => values[name] !== undefined && values[name] !== false,
  );
  if (browsers.join() !== 'chromium' && chromiumOnly.length > 0)
    problems.push(`--${chromiumOnly.join(', --')}: Chromium only, not with --browser ${values.browser}`);
  const notWithHeartbeatVs = ['vs', 'trace', 'trace-dir', 'lighthouse', 'floor', 'react-floor', 'budget'].filter(
    (name) => values[name] !== undefined && values[name] !== false,
  );
  if (values['heartbeat-vs'] && notWithHeartbeatVs.length > 0)
    problems.push(`--heartbeat-vs measures on its own: not with --${notWithHeartbeatVs.join(', --')}`);
  if (values.vs) {
    try {
      const vs = new URL(values.vs);
      if (vs.protocol !== 'http:' && vs.protocol !== 'https:') problems.push('--vs must be http: or https:');
    } catch {
      problems.push('--vs must be an absolute URL');
    }
  }
  if (values.url) {
    try {
      const url = new URL(values.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') problems.push('--url must be http: or https:');
    } catch {
      problems.push('--url must be an absolute URL');
    }
  }
  let budget = null;
  if (values.budget) {
    try {
      budget = readBudget(values.budget);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  return {
    url: values.url ?? null,
    path: values.path,
    vs: values.vs ?? null,
    heartbeatVs: values['heartbeat-vs'],
    runs,
    browsers,
    profile: /** @type {keyof typeof PROFILES} */ (values.profile),
    json: values.json ?? null,
    trace: values.trace || values['trace-dir'] !== undefined,
    traceDir: values['trace-dir'] ?? null,
    lighthouse: values.lighthouse || values.floor || values['react-floor'] || budget !== null,
    floor: values.floor,
    reactFloor: values['react-floor'],
    lighthouseRuns,
    lighthouseThrottling,
    budget,
    budgetFile: values.budget ?? null,
    capMs,
  };
}
