// @ts-check
// The measured page loads of perf/tti/index.js: --runs fresh loads of the page and,
// with --vs, as many of the other page, and with --floor / --react-floor as many
// of each floor (./floors.js), in turn; one progress line per load.
import path from 'node:path';
import { measureScript } from '../inject-measure.js';
import { measurePageLoad } from '../../lib/page-run.js';
import { format } from '../../lib/format.js';
import { watchFloor } from './floors.js';

/** @typedef {import('../../lib/page-run.js').RunResult & { run: number, traceFile?: string }} Run */
/**
 * @typedef {{ side: import('./floors.js').FloorSide, runs: Run[], refused: { run: number, problem: string }[] }} FloorRuns
 *   runs: the loads that passed the floor's check; refused: the others, and why
 */

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{
 *   url: string,
 *   measuresItself: boolean,
 *   injectScript: string | null,
 *   vsSide: { url: string, measuresItself: boolean } | null,
 *   options: import('../options.js').TTIOptions,
 *   profile: import('../../lib/throttling.js').Profile,
 *   progress: (line: string) => void,
 *   traceDir: string | null,
 *   floorSides?: import('./floors.js').FloorSide[],
 *   afterRound?: (i: number) => Promise<void>,
 * }} plan
 *   measuresItself: whether the page has client/measure/; injectScript: the
 *   measurement for a page that has not; traceDir: where each load's trace goes (null: untraced);
 *   floorSides: the page's floors to load in turn with it (./floors.js); afterRound: what
 *   runs after round i (1-based) has loaded every side (./with-lighthouse.js: Lighthouse's round i)
 * @returns {Promise<{ runs: Run[], vsRuns: Run[], floorRuns: FloorRuns[] }>} vsRuns: the --vs page's
 */
export async function measureRuns(
  browser,
  { url, measuresItself, injectScript, vsSide, options, profile, progress, traceDir, floorSides = [], afterRound },
) {
  /** @type {Run[]} */
  const runs = [];
  /** @type {Run[]} the --vs page's runs */
  const vsRuns = [];
  /** @type {FloorRuns[]} */
  const floorRuns = floorSides.map((side) => ({ side, runs: [], refused: [] }));
  // A floor never measures itself: the runner's copy of the measurement, as for any page.
  const floorScript = floorSides.length > 0 ? (injectScript ?? (await measureScript())) : null;
  const named = vsSide !== null || floorSides.length > 0;
  for (let i = 1; i <= options.runs; i += 1) {
    /** @type {{ name: string, file: string, url: string, measuresItself: boolean, into: Run[], floor?: FloorRuns }[]} */
    const sides = [
      { name: 'A', file: 'A', url, measuresItself, into: runs },
      ...(vsSide ? [{ name: 'B', file: 'B', ...vsSide, into: vsRuns }] : []),
      ...floorRuns.map((floor) => ({
        name: floor.side.label,
        file: `-${floor.side.key}`,
        url: floor.side.url,
        measuresItself: false,
        into: floor.runs,
        floor,
      })),
    ];
    // Each run starts one side further on: a machine that slows down mid-run hurts every side alike.
    const order = sides.map((_, k) => sides[(i - 1 + k) % sides.length]);
    for (const side of order) {
      const started = Date.now();
      const traceFile = traceDir ? path.join(traceDir, `run-${i}${named ? side.file : ''}.json`) : null;
      const result = await measurePageLoad(browser, {
        url: side.url,
        profile,
        injectScript: side.floor ? floorScript : side.measuresItself ? null : (injectScript ?? (await measureScript())),
        capMs: options.capMs,
        pressKeys: side.measuresItself,
        traceFile,
        watch: side.floor ? watchFloor : null,
      });
      const problem = side.floor
        ? side.floor.side.check(/** @type {import('./floors.js').FloorEvidence} */ (result.watched))
        : null;
      if (problem) side.floor?.refused.push({ run: i, problem });
      else side.into.push({ run: i, ...result, ...(traceFile ? { traceFile } : {}) });
      const m = result.metrics;
      const show = (/** @type {number | undefined} */ v) => (v === undefined ? '—' : format(v, 'ms'));
      progress(
        `  run ${i}/${options.runs}${named ? ` ${side.name}` : ''}: App TTI ${show(m.appTTI)} · lab TTI ${m.labTTI === undefined ? result.labTTIStatus : show(m.labTTI)} · ` +
          `TBT ${show(m.tbt)} · FCP ${show(m.fcp)} · LCP ${show(m.lcp)} (${((Date.now() - started) / 1000).toFixed(1)} s)` +
          (side.floor ? (problem ? ` — NOT COUNTED: ${problem}` : ` · checked: ${side.floor.side.claim}`) : ''),
      );
    }
    await afterRound?.(i);
  }
  return { runs, vsRuns, floorRuns };
}
