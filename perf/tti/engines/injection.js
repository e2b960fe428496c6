// @ts-check
// The measurement perf:tti --browser puts into a page that does not measure
// itself, before any script of the page's: the heartbeat the page head would
// carry (client/measure/heartbeat-snippet.js; it starts its loops only where
// the engine has neither Long Tasks nor LoAF), the lab TTI cap, then
// client/measure/ as one classic script (../inject-measure.js). Firefox gets
// it as a WebDriver BiDi preload script, WebKit inline through a proxy
// (./inject-proxy.js), Chromium through addInitScript.
import { measureScript } from '../inject-measure.js';
import { HEARTBEAT_SNIPPET } from '../../../client/measure/heartbeat-snippet.js';

/**
 * @param {number} capMs ms before the lab TTI search gives up
 * @returns {Promise<string>} one classic script
 */
export async function engineInjection(capMs) {
  // The heartbeat first: the measurement looks for it as it starts (client/measure/long-tasks.js).
  return `${HEARTBEAT_SNIPPET}\nwindow.__marqueePerfCapMs = ${Number(capMs)};\n${await measureScript()}`;
}
