// @ts-check
// npm run perf:tti -- [--url URL] [--runs N] [--profile none|desktop|mobile] [--browser chromium,firefox,webkit] [--json FILE] [--trace] [--lighthouse] [--floor] [--budget FILE]
// Time To Interactive in real browsers: N fresh headless Chromium page loads
// of Marquee (started here, as `npm start` runs it) or of any --url, each
// under the profile's CDP throttling, measured by the page's own modules
// (client/measure/; injected into sites that lack them). Prints each figure's
// min / median / p90 / max and spread; --json writes the runs, the summary
// and an SVG chart of the runs. See README, "Measuring Time To Interactive".
// This file reads the options and picks the room of the mode asked for, each
// a folder beside it: runs/ (the default; it calls trace/ with --trace and
// lighthouse/ with --lighthouse), engines/ (--browser: Firefox and WebKit) and
// heartbeat-vs/ (--heartbeat-vs). Each opens the page (page-under-test.js).
import { readOptions } from './options.js';
import { PROFILES } from '../lib/throttling.js';
import { runTool } from '../lib/run-tool.js';
import { measureInChromium } from './runs/index.js';
import { measureInEngines } from './engines/index.js';
import { compareHeartbeat } from './heartbeat-vs/index.js';

const options = readOptions(process.argv.slice(2));
const profile = PROFILES[options.profile];
const progress = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);

await runTool('perf:tti', async (onStop) => {
  const tool = { options, profile, progress, onStop };
  if (options.browsers.join() !== 'chromium') return measureInEngines(tool);
  if (options.heartbeatVs) return compareHeartbeat(tool);
  return measureInChromium(tool);
});
