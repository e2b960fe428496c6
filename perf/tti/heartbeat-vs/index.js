// @ts-check
// perf:tti --heartbeat-vs: the heartbeat's fidelity, in Chromium only: each
// load's lab TTI found three ways at once (./fidelity.js), printed, and with
// --json written (./files.js). Loads that did not measure what they claim fail the run.
import { launchBrowser } from '../../../test/helpers/browser.js';
import { openPage } from '../page-under-test.js';
import { resultsBase } from '../files.js';
import { fidelityLines, measureFidelity } from './fidelity.js';
import { writeFidelityResults } from './files.js';

/** @param {import('../page-under-test.js').Tool} tool */
export async function compareHeartbeat(tool) {
  const { options, profile, progress, onStop } = tool;
  const { url, server, measuresItself } = await openPage(tool);
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
}
