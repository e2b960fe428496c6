// @ts-check
// perf:tti's default mode: --runs fresh loads of the page in headless Chromium
// (./loads.js), alternately with the --vs page; each figure's distribution
// (./print-summary.js); with --trace what each run's trace says (../trace/);
// with --floor / --react-floor the page's floors in turn with it (./floors.js);
// with --lighthouse Lighthouse's cross-check, its rounds alternated with the
// loads' (./with-lighthouse.js), and the --budget (../lighthouse/); then the
// files (./files.js).
import { launchBrowser } from '../../lib/browser.js';
import { openPage } from '../page-under-test.js';
import { pageMeasuresItself } from '../inject-measure.js';
import { resultsBase } from '../files.js';
import { openTraceDir, printTraceReport } from '../trace/index.js';
import { startLighthouse } from '../lighthouse/index.js';
import { measureRunsWithLighthouse } from './with-lighthouse.js';
import { printSummary } from './print-summary.js';
import { writeResults } from './files.js';
import { startFloors } from './floors.js';
import { printFloors } from './print-floors.js';

/** @param {import('../page-under-test.js').Tool} tool */
export async function measureInChromium(tool) {
  const { options, profile, progress, onStop } = tool;
  const { url, server, measuresItself, injectScript } = await openPage(tool);

  // ── Runs ────────────────────────────────────────────────────────────────────
  const base = resultsBase(options);
  const traceDir = openTraceDir(options, base, progress);
  const vsSide = options.vs ? { url: options.vs, measuresItself: await pageMeasuresItself(options.vs) } : null;
  if (vsSide) progress(`  against ${vsSide.url} (B), alternately: A B, B A, …`);
  // One pair of proxies for the runs and Lighthouse alike.
  const floors = await startFloors(url, options);
  onStop(floors.stop);
  for (const side of floors.sides) progress(`  ${side.label}, in turn with the page: ${side.url}`);
  const lighthouseRounds = options.lighthouse
    ? await startLighthouse({
        url,
        options,
        profile,
        progress,
        traceDir,
        measuresItself,
        vsMeasuresItself: vsSide?.measuresItself ?? false,
        floorUrls: floors.urls,
      })
    : null;
  // Lighthouse launches its own Chrome: this one waits, idle, through its rounds.
  const browser = await launchBrowser();
  onStop(() => browser.close().catch(() => {}));
  // vsRuns: the --vs page's; floorRuns: each floor's, checked
  const { runs, vsRuns, floorRuns } = await measureRunsWithLighthouse(
    browser,
    { url, measuresItself, injectScript, vsSide, options, profile, progress, traceDir, floorSides: floors.sides },
    lighthouseRounds,
  );
  await browser.close();

  // ── Summary ─────────────────────────────────────────────────────────────────
  const { summary, vs } = printSummary({ url, runs, vsSide, vsRuns, options });
  const floorsInRuns = floorRuns.length > 0 ? printFloors({ runs, summary, floorRuns, options }) : null;
  const traceWindows = traceDir ? printTraceReport({ url, runs, vsSide, vsRuns }) : null;

  // ── Lighthouse cross-check ──────────────────────────────────────────────────
  const { lighthouse, floorSummary, budgetLines, failed } = lighthouseRounds
    ? await lighthouseRounds.finish(summary)
    : { lighthouse: null, floorSummary: null, budgetLines: null, failed: false };
  await floors.stop();
  await server?.stop();

  // ── Files ───────────────────────────────────────────────────────────────────
  const measured = { url, options, profile, measuresItself, runs, summary, vs, lighthouse, floorSummary, budgetLines };
  writeResults({ ...measured, floorsInRuns, base, traceWindows });
  if (floorsInRuns?.some((floor) => floor.refused.length > 0)) {
    console.error('perf:tti: some floor loads were not the floor they claim (above): they are not counted');
    process.exitCode = 1;
  }
  if (failed) {
    console.error(
      'perf:tti: some Lighthouse runs were not counted (above): a failed run or one that did not measure the real page',
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
