// @ts-check
// perf:tti --heartbeat-vs: how far the heartbeat's lab TTI (what Firefox and
// Safari get) is from Chromium's own, measured in the same page loads
// (./fidelity-run.js): the figures differ by method only, never by
// which load was the lucky one. Each load is also checked: the page's own lab
// TTI must be the Long Tasks one computed here, and the heartbeat must have a
// stall over every long task of 100 ms or more (else it was not beating).
import { distribution } from '../../lib/stats.js';
import { format } from '../../lib/format.js';
import { METHODS, measureFidelityRun } from './fidelity-run.js';

/** Within this ratio, the heartbeat's lab TTI is a faithful stand-in (issue 28's target). */
export const FIDELITY = 1.1;
/** The page's own search and the one here see the same entries; beyond this they did not. */
const SAME_MS = 1;

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{ url: string, options: import('../options.js').TTIOptions, profile: import('../../lib/throttling.js').Profile, progress: (line: string) => void }} plan
 */
export async function measureFidelity(browser, { url, options, profile, progress }) {
  /** @type {import('./fidelity-run.js').FidelityRun[]} */
  const runs = [];
  for (let i = 1; i <= options.runs; i += 1) {
    const started = Date.now();
    const run = await measureFidelityRun(browser, { url, profile, capMs: options.capMs });
    runs.push(run);
    const cells = METHODS.map((m) => {
      const r = run.methods[m];
      return `${m} ${r.status === 'found' ? format(r.value, 'ms') : `not found (${r.reason})`}`;
    });
    progress(
      `  run ${i}/${options.runs}: lab TTI by ${cells.join(' · ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  return summarizeFidelity(runs);
}

/** @param {import('./fidelity-run.js').FidelityRun[]} runs */
export function summarizeFidelity(runs) {
  const found = (/** @type {import('./fidelity-run.js').Method} */ m) =>
    runs.map((r) => r.methods[m]).map((r) => (r.status === 'found' ? r : null));
  const methods = Object.fromEntries(
    METHODS.map((m) => {
      const values = found(m);
      return [
        m,
        {
          found: values.filter(Boolean).length,
          labTTI: distribution(values.flatMap((v) => (v ? [v.value] : []))),
          tbt: distribution(values.flatMap((v) => (v ? [v.tbt] : []))),
        },
      ];
    }),
  );
  /** @param {import('./fidelity-run.js').Method} a @param {import('./fidelity-run.js').Method} b */
  const ratios = (a, b) => {
    const [x, y] = [methods[a].labTTI?.median, methods[b].labTTI?.median];
    const perLoad = found(a).flatMap((v, i) => {
      const w = found(b)[i];
      return v && w && w.value > 0 ? [v.value / w.value] : [];
    });
    return {
      ofMedians: x !== undefined && y ? round2(x / y) : null,
      perLoadMedian: perLoad.length > 0 ? round2(/** @type {number} */ (distribution(perLoad)?.median)) : null,
      pairs: perLoad.length,
    };
  };
  const pageAgrees = runs.filter((r) => {
    const lt = r.methods[r.page.method === 'loaf' ? 'loaf' : 'longtask'];
    return lt.status === 'found'
      ? r.page.labTTI !== null && Math.abs(r.page.labTTI - lt.value) <= SAME_MS
      : r.page.labTTI === null;
  }).length;
  const sureTasks = runs.reduce((n, r) => n + r.sureTasks, 0);
  const sureTasksSeen = runs.reduce((n, r) => n + r.sureTasksSeen, 0);
  return {
    runs,
    methods,
    vsLongTasks: { loaf: ratios('loaf', 'longtask'), heartbeat: ratios('heartbeat', 'longtask') },
    heartbeatVsLoaf: ratios('heartbeat', 'loaf'),
    checks: { loads: runs.length, pageAgrees, sureTasks, sureTasksSeen },
    trustworthy: pageAgrees === runs.length && sureTasksSeen === sureTasks && sureTasks > 0,
  };
}

/**
 * @param {ReturnType<typeof summarizeFidelity>} summary
 * @param {{ url: string, profileName: string, browserVersion: string }} about
 * @returns {string[]}
 */
export function fidelityLines(summary, { url, profileName, browserVersion }) {
  const { methods, vsLongTasks, heartbeatVsLoaf, checks } = summary;
  const n = checks.loads;
  const ms = (/** @type {{ median: number } | null} */ d) => (d ? format(d.median, 'ms') : '—');
  const x = (/** @type {number | null} */ r) => (r === null ? '—' : `${r.toFixed(2)}x`);
  const rows = [
    ['method', 'found', 'lab TTI median', 'TBT median', '/ longtask (medians)', '/ longtask (per load)'],
    ...METHODS.map((m) => [
      m,
      `${methods[m].found}/${n}`,
      ms(methods[m].labTTI),
      ms(methods[m].tbt),
      m === 'longtask' ? '' : x(vsLongTasks[m].ofMedians),
      m === 'longtask' ? '' : x(vsLongTasks[m].perLoadMedian),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const within = (/** @type {number | null} */ r) =>
    r === null ? 'not measured' : r <= FIDELITY && r >= 1 / FIDELITY ? `within ${pct()}` : `NOT within ${pct()}`;
  return [
    `lab TTI found three ways in the same ${n} page loads of ${url} (Chromium ${browserVersion}, profile ${profileName}):`,
    ...rows.map((row) =>
      `  ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')}`.trimEnd(),
    ),
    `  heartbeat / loaf: ${x(heartbeatVsLoaf.ofMedians)} of medians, ${x(heartbeatVsLoaf.perLoadMedian)} per load (median of ${heartbeatVsLoaf.pairs})`,
    `checks: the page's own lab TTI is the ${summary.runs[0]?.page.method ?? 'loaf'} row's in ${checks.pageAgrees}/${n} loads; ` +
      `the heartbeat has a stall over ${checks.sureTasksSeen} of ${checks.sureTasks} long tasks of 100 ms or more`,
    `fidelity (medians): heartbeat against Long Tasks ${within(vsLongTasks.heartbeat.ofMedians)} (${x(vsLongTasks.heartbeat.ofMedians)}); ` +
      `against LoAF ${within(heartbeatVsLoaf.ofMedians)} (${x(heartbeatVsLoaf.ofMedians)})`,
  ];
}

function pct() {
  return `${Math.round((FIDELITY - 1) * 100)}%`;
}

/** @param {number} v */
function round2(v) {
  return Math.round(v * 100) / 100;
}
