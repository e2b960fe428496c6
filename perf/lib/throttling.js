// @ts-check
// Throttling profiles, applied per page over the Chrome DevTools Protocol the
// way Lighthouse's "devtools" throttling does (core/config/constants.js).
// Pitfall: CDP network emulation adds its latency to the end of the response,
// not before the first byte: TTFB (responseStart) is NOT delayed, the
// latency shows up in responseEnd and in everything after it. Compare TTFB
// only between unthrottled runs; use FCP/LCP/TTI for throttled ones.
// Pitfall: CPU throttling multiplies this machine's speed, it does not emulate
// a phone: a 4x slowdown of a fast desktop is not a 4x slowdown of a laptop.

/**
 * @typedef {{
 *   description: string,
 *   latencyMs: number,
 *   downloadKbps: number,
 *   uploadKbps: number,
 *   cpuSlowdown: number,
 *   screen: { width: number, height: number, deviceScaleFactor: number, isMobile: boolean, hasTouch: boolean },
 * }} Profile
 */

/** @type {Readonly<Record<'none' | 'desktop' | 'mobile', Profile>>} */
export const PROFILES = Object.freeze({
  none: {
    description: 'no throttling (this machine, loopback network)',
    latencyMs: 0,
    downloadKbps: 0,
    uploadKbps: 0,
    cpuSlowdown: 1,
    screen: { width: 1350, height: 940, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  },
  // Lighthouse desktop: 40 ms RTT, 10 Mbps, no CPU slowdown.
  desktop: {
    description: 'desktop: 40 ms latency, 10 Mbps down and up, CPU 1x',
    latencyMs: 40,
    downloadKbps: 10 * 1024,
    uploadKbps: 10 * 1024,
    cpuSlowdown: 1,
    screen: { width: 1350, height: 940, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  },
  // Lighthouse mobile "slow 4G" devtools values: 150 ms RTT x 3.75 = 562.5 ms
  // request latency, 1.6 Mbps x 0.9 = 1.47 Mbps down, 750 kbps x 0.9 = 675 up,
  // CPU 4x; the Moto G Power screen.
  mobile: {
    description: 'mobile: 562.5 ms latency, 1.47 Mbps down, 675 kbps up, CPU 4x',
    latencyMs: 562.5,
    downloadKbps: 1474.56,
    uploadKbps: 675,
    cpuSlowdown: 4,
    screen: { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  },
});

/**
 * Applies the profile's network and CPU throttling to one page.
 * @param {import('playwright-core').CDPSession} cdp
 * @param {Profile} profile
 */
export async function applyThrottling(cdp, profile) {
  await cdp.send('Network.enable');
  // Throughput in bytes per second; -1 (not 0) means "no limit" to Chromium.
  const bytesPerSecond = (/** @type {number} */ kbps) => (kbps > 0 ? (kbps * 1024) / 8 : -1);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: bytesPerSecond(profile.downloadKbps),
    uploadThroughput: bytesPerSecond(profile.uploadKbps),
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
}

/**
 * Context options giving the profile's screen (fresh context: empty cache, no cookies).
 * @param {Profile} profile
 * @returns {import('playwright-core').BrowserContextOptions}
 */
export function contextOptions(profile) {
  const { width, height, deviceScaleFactor, isMobile, hasTouch } = profile.screen;
  return { viewport: { width, height }, deviceScaleFactor, isMobile, hasTouch };
}
