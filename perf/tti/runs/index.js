// @ts-check
// perf:tti's default mode: --runs fresh loads of the page in headless Chromium
// (./loads.js), alternately with the --vs page; each figure's distribution
// (./print-summary.js); with --trace what each run's trace says (../trace/);
// with --lighthouse Lighthouse's cross-check and the --budget (../lighthouse/);
// then the files (./files.js).
import { launchBrowser } from '../../../test/helpers/browser.js';
import { openPage } from '../page-under-test.js';
import { pageMeasuresItself } from '../inject-measure.js';
import { resultsBase } from '../files.js';
import { openTraceDir, printTraceReport } from '../trace/index.js';
import { lighthouseCrossCheck } from '../lighthouse/index.js';
import { measureRuns } from './loads.js';
import { printSummary } from './print-summary.js';
import { writeResults } from './files.js';

/** @param {import('../page-under-test.js').Tool} tool */
export async function measureInChromium(tool) {
  const { options, profile, progress, onStop } = tool;
  const { url, server, measuresItself, injectScript } = await openPage(tool);

  // ── Runs ────────────────────────────────────────────────────────────────────
  const base = resultsBase(options);
  const traceDir = openTraceDir(options, base, progress);
  const vsSide = options.vs ? { url: options.vs, measuresItself: await pageMeasuresItself(options.vs) } : null;
  if (vsSide) progress(`  against ${vsSide.url} (B), alternately: A B, B A, …`);
  const browser = await launchBrowser();
  onStop(() => browser.close().catch(() => {}));
  // vsRuns: the --vs page's
  const { runs, vsRuns } = await measureRuns(browser, {
    url,
    measuresItself,
    injectScript,
    vsSide,
    options,
    profile,
    progress,
    traceDir,
  });
  await browser.close();

  // ── Summary ─────────────────────────────────────────────────────────────────
  const { summary, vs } = printSummary({ url, runs, vsSide, vsRuns, options });
  const traceWindows = traceDir ? printTraceReport({ url, runs, vsSide, vsRuns }) : null;

  // ── Lighthouse cross-check ──────────────────────────────────────────────────
  const { lighthouse, floorSummary, budgetLines, failed } = options.lighthouse
    ? await lighthouseCrossCheck({
        url,
        options,
        profile,
        summary,
        progress,
        traceDir,
        measuresItself,
        vsMeasuresItself: vsSide?.measuresItself ?? false,
      })
    : { lighthouse: null, floorSummary: null, budgetLines: null, failed: false };
  await server?.stop();

  // ── Files ───────────────────────────────────────────────────────────────────
  const measured = { url, options, profile, measuresItself, runs, summary, vs, lighthouse, floorSummary, budgetLines };
  writeResults({ ...measured, base, traceWindows });
  if (failed) {
    console.error(
      "perf:tti: some Lighthouse runs did not measure the real page (above): its figures are not the page's",
    );
    process.exitCode = 1;
  }
  if (budgetLines && budgetLines.some((line) => !line.ok)) {
    console.error(
      `perf:tti: over budget (${options.budgetFile}): ${budgetLines
        .filter((line) => !line.ok)
        .map((line) => line.key)
        .join(', ')}`,
    );
    process.exitCode = 1;
  }
}
