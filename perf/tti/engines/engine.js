// @ts-check
// The browser engines perf:tti --browser measures in, each behind the same
// small interface: launch once, measure one fresh page load, close.
// Chromium through playwright-core (perf/lib/page-run.js, with the profile's
// CDP throttling); Firefox and WebKit in ./firefox.js and ./webkit.js.
import { launchBrowser, CHROMIUM_ARGS } from '../../../test/helpers/browser.js';
import { measurePageLoad } from '../../lib/page-run.js';

export const ENGINES = /** @type {const} */ (['chromium', 'firefox', 'webkit']);
/** @typedef {(typeof ENGINES)[number]} EngineName */

/**
 * @typedef {{
 *   metrics: Record<string, number>,
 *   labTTIStatus: string,
 *   labTTIReason: string | null,
 *   labTTIMethod?: string | null,
 *   longTasks: number | null,
 *   keyInput: number[],
 *   documentResponseEnd: number | null,
 *   loadRow?: number,
 * }} EngineRun
 *   the in-page figures; Chromium's also carry bytes and requests (CDP)
 * @typedef {{
 *   name: EngineName,
 *   version: string,
 *   emulates: { screen: boolean, cpu: boolean, network: boolean },
 *   measure: (plan: MeasurePlan) => Promise<EngineRun>,
 *   close: () => Promise<void>,
 * }} Engine
 * @typedef {{
 *   url: string,
 *   profile: import('../../lib/throttling.js').Profile,
 *   capMs: number,
 *   inject: string | null,
 * }} MeasurePlan
 *   inject: the measurement (./injection.js) for a page that does not measure
 *   itself, to run before the page's own scripts; null for a Marquee page
 * @typedef {{ acceptUntrustedCertificate: boolean }} LaunchPlan
 *   acceptUntrustedCertificate: the page's https certificate is one this machine does not trust
 */

/**
 * @param {EngineName} name
 * @param {LaunchPlan} plan
 * @returns {Promise<Engine>}
 */
export async function launchEngine(name, plan) {
  if (name === 'firefox') return (await import('./firefox.js')).launchFirefox(plan);
  if (name === 'webkit') return (await import('./webkit.js')).launchWebKit(plan);
  const browser = await launchBrowser(
    plan.acceptUntrustedCertificate ? { args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'] } : {},
  );
  return {
    name: 'chromium',
    version: `Chromium ${browser.version()}`,
    emulates: { screen: true, cpu: true, network: true },
    // Chromium has Long Tasks: the injected heartbeat starts no loops there.
    measure: ({ url, profile, capMs, inject }) =>
      measurePageLoad(browser, { url, profile, injectScript: inject, capMs, pressKeys: inject === null }),
    close: () => browser.close(),
  };
}

/**
 * What an engine can emulate of a profile, and so under which profile its
 * figures were really taken: never a throttled label on an unthrottled run.
 * @param {Engine} engine
 * @param {import('../../lib/throttling.js').Profile} profile
 * @returns {string}
 */
export function appliedProfile(engine, profile) {
  const throttled = profile.cpuSlowdown !== 1 || profile.latencyMs > 0 || profile.downloadKbps > 0;
  if (!throttled) return 'not throttled (none asked)';
  const { cpu, network } = engine.emulates;
  if (cpu && network) return 'throttled as asked';
  return `NOT throttled (${engine.name} cannot emulate ${[!cpu && 'CPU', !network && 'network'].filter(Boolean).join(' or ')}); screen size only`;
}
