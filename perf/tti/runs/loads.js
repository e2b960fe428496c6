// @ts-check
// The measured page loads of perf/tti/index.js: --runs fresh loads of the page and,
// with --vs, as many of the other page, one progress line per load.
import path from 'node:path';
import { measureScript } from '../inject-measure.js';
import { measurePageLoad } from '../../lib/page-run.js';
import { format } from '../../lib/format.js';

/** @typedef {import('../../lib/page-run.js').RunResult & { run: number, traceFile?: string }} Run */

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
 * }} plan
 *   measuresItself: whether the page has client/measure/; injectScript: the
 *   measurement for a page that has not; traceDir: where each load's trace goes (null: untraced)
 * @returns {Promise<{ runs: Run[], vsRuns: Run[] }>} vsRuns: the --vs page's
 */
export async function measureRuns(
  browser,
  { url, measuresItself, injectScript, vsSide, options, profile, progress, traceDir },
) {
  /** @type {Run[]} */
  const runs = [];
  /** @type {Run[]} the --vs page's runs */
  const vsRuns = [];
  for (let i = 1; i <= options.runs; i += 1) {
    const sides = [
      { name: 'A', url, measuresItself, into: runs },
      ...(vsSide ? [{ name: 'B', ...vsSide, into: vsRuns }] : []),
    ];
    // Alternate which side goes first: a machine that slows down mid-run hurts both alike.
    if (i % 2 === 0) sides.reverse();
    for (const side of sides) {
      const started = Date.now();
      const traceFile = traceDir ? path.join(traceDir, `run-${i}${vsSide ? side.name : ''}.json`) : null;
      const result = await measurePageLoad(browser, {
        url: side.url,
        profile,
        injectScript: side.measuresItself ? null : (injectScript ?? (await measureScript())),
        capMs: options.capMs,
        pressKeys: side.measuresItself,
        traceFile,
      });
      side.into.push({ run: i, ...result, ...(traceFile ? { traceFile } : {}) });
      const m = result.metrics;
      const show = (/** @type {number | undefined} */ v) => (v === undefined ? '—' : format(v, 'ms'));
      progress(
        `  run ${i}/${options.runs}${vsSide ? ` ${side.name}` : ''}: App TTI ${show(m.appTTI)} · lab TTI ${m.labTTI === undefined ? result.labTTIStatus : show(m.labTTI)} · ` +
          `TBT ${show(m.tbt)} · FCP ${show(m.fcp)} · LCP ${show(m.lcp)} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  }
  return { runs, vsRuns };
}
