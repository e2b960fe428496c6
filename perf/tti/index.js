// @ts-check
// npm run perf:tti -- [--url URL] [--runs N] [--profile none|desktop|mobile] [--browser chromium,firefox,webkit] [--json FILE] [--trace] [--lighthouse] [--floor] [--budget FILE]
// Time To Interactive in real browsers: N fresh headless Chromium page loads
// of Marquee (started here, as `npm start` runs it) or of any --url, each
// under the profile's CDP throttling, measured by the page's own modules
// (client/measure/; injected into sites that lack them). Prints each figure's
// min / median / p90 / max and spread; --json writes the runs, the summary
// and an SVG chart of the runs. See README, "Measuring Time To Interactive".
// The phases live beside this file: runs.js (the page loads), print-summary.js
// (the tables), trace-report.js (--trace), lighthouse-check.js (--lighthouse)
// and files.js (--json); engines/ measures in Firefox and WebKit (--browser).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { launchBrowser } from '../lib/browser.js';
import { readOptions } from './options.js';
import { PROFILES } from '../lib/throttling.js';
import { buildClient, startMarquee } from '../lib/marquee-server.js';
import { measureScript, pageMeasuresItself } from './inject-measure.js';
import { measureRuns } from './runs.js';
import { printSummary } from './print-summary.js';
import { lighthouseCrossCheck } from './lighthouse-check.js';
import { resultsBase, writeEngineResults, writeFidelityResults, writeResults } from './files.js';
import { printTraceWindows } from './trace-report.js';
import { runTool } from '../lib/run-tool.js';
import { measureEngines } from './engines/runs.js';
import { enginePrograms } from '../lib/engine-programs.js';
import { fidelityLines, measureFidelity } from './heartbeat-fidelity.js';

const options = readOptions(process.argv.slice(2));
const profile = PROFILES[options.profile];
const progress = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);

await runTool('perf:tti', async (onStop) => {
  // A missing engine fails now, naming its Debian package, not after the build.
  for (const name of options.browsers) if (name !== 'chromium') enginePrograms(name);
  // ── The page under test ─────────────────────────────────────────────────────
  let server = null;
  let url = options.url;
  if (!url) {
    progress('perf:tti: building the client and starting Marquee (NODE_ENV=production)…');
    await buildClient();
    server = await startMarquee();
    onStop(server.stop);
    url = `${server.url}${options.path}`;
  }

  const measuresItself = await pageMeasuresItself(url);
  const injectScript = measuresItself ? null : await measureScript();
  progress(
    `perf:tti: ${url} · profile ${options.profile} (${profile.description}) · ${options.runs} runs · ${availableParallelism()} cores`,
  );
  progress(
    measuresItself
      ? '  the page measures itself (client/measure/)'
      : '  measurement injected at document start (App TTI only if the page marks marquee:interactive)',
  );
  if (options.runs === 1) progress('  warning: one run is anecdote, not measurement; use --runs 5 or more');

  // ── Other engines (--browser) ───────────────────────────────────────────────
  if (options.browsers.join() !== 'chromium') {
    // Classic WebDriver runs no script before the page's own: only a page that measures itself can be compared.
    if (!measuresItself)
      throw new Error(`--browser ${options.browsers.join()} measures Marquee pages only (client/measure/)`);
    const engines = await measureEngines({ url, engines: options.browsers, options, profile, progress, onStop });
    await server?.stop();
    writeEngineResults(resultsBase(options), { url, options, profile, engines });
    return;
  }

  // ── The heartbeat's fidelity (--heartbeat-vs) ──────────────────────────────
  if (options.heartbeatVs) {
    if (!measuresItself)
      throw new Error(
        "--heartbeat-vs compares with the page's own Long Tasks search: Marquee pages only (client/measure/)",
      );
    const browser = await launchBrowser();
    onStop(() => browser.close().catch(() => {}));
    const fidelity = await measureFidelity(browser, { url, options, profile, progress });
    const browserVersion = browser.version();
    await browser.close();
    await server?.stop();
    console.log(fidelityLines(fidelity, { url, profileName: options.profile, browserVersion }).join('\n'));
    writeFidelityResults(resultsBase(options), { url, options, profile, fidelity });
    if (!fidelity.trustworthy) {
      console.error('perf:tti: the checks above failed: these loads did not measure what they claim');
      process.exitCode = 1;
    }
    return;
  }

  // ── Runs ────────────────────────────────────────────────────────────────────
  const base = resultsBase(options);
  const traceDir = options.trace ? (options.traceDir ?? `${base}-traces`) : null;
  if (traceDir) {
    mkdirSync(traceDir, { recursive: true });
    progress(`  a Chromium trace per run in ${path.join(traceDir, 'run-N.json')} (tracing slows the page a little)`);
  }
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
  // With --vs, each side's windows apart (A and B), as the tables are.
  let traceWindows = null;
  if (traceDir && vsSide)
    traceWindows = {
      A: printTraceWindows({ url, runs, label: 'A: ' }),
      B: printTraceWindows({ url: vsSide.url, runs: vsRuns, label: 'B: ' }),
    };
  else if (traceDir) traceWindows = { runs: printTraceWindows({ url, runs }) };

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
});
