// @ts-check
// Launches the system Chromium for the perf tools and the browser tests.
// playwright-core is used without its own browser download: the Debian
// package is enough, and keeps CI images and workshop laptops offline-friendly.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Flags that keep runs quiet and comparable: no background traffic, no GPU. */
export const CHROMIUM_ARGS = Object.freeze([
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

/** @returns {string} path to the Chromium binary to use */
export function chromiumPath() {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

/**
 * @param {import('playwright-core').LaunchOptions} [options] merged over the defaults
 * @returns {Promise<import('playwright-core').Browser>}
 */
export async function launchBrowser(options = {}) {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}. Install it with ` +
        '`apt-get update && apt-get install -y chromium`, ' +
        'or set CHROME_PATH to an existing Chrome/Chromium binary.',
    );
  }
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS], ...options });
  const tooOld = chromiumTooOld(browser.version());
  if (tooOld) {
    await browser.close();
    throw new Error(tooOld);
  }
  return withBoundedClose(browser);
}

/** The first Chromium with Long Animation Frames, by which lab TTI counts rendering (docs/measuring-tti.md). */
export const MIN_CHROMIUM = 123;

/**
 * @param {string} version the browser's, e.g. "150.0.7871.100"
 * @returns {string | null} why this Chromium cannot measure, with the one command that upgrades it
 */
export function chromiumTooOld(version) {
  const major = Number.parseInt(version, 10);
  if (!(major < MIN_CHROMIUM)) return null;
  return (
    `Chromium ${version} is older than ${MIN_CHROMIUM}, the first with Long Animation Frames (lab TTI). ` +
    "Upgrade it: sudo sh -c 'apt-get update && apt-get install -y chromium'"
  );
}

/** How long close() may take before the browser process is killed. */
const CLOSE_GRACE_MS = 15_000;

/**
 * close() resolves only once Chromium's process has exited, and a wedged
 * Chromium never exits: seen here under a load average of 25, a test file
 * whose tests had all passed waited 12 minutes in its after() hook, holding
 * the whole suite. After CLOSE_GRACE_MS the process is killed, which ends
 * close() too (its pipe closes). The pid comes from the browser itself.
 * @param {import('playwright-core').Browser} browser
 */
async function withBoundedClose(browser) {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = await session.send('SystemInfo.getProcessInfo');
  await session.detach();
  const pid = processInfo.find((p) => p.type === 'browser')?.id;
  const close = browser.close.bind(browser);
  browser.close = async (closeOptions) => {
    const timer = setTimeout(() => {
      try {
        if (pid) process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone: close() is about to resolve on its own.
      }
    }, CLOSE_GRACE_MS);
    try {
      await close(closeOptions);
    } finally {
      clearTimeout(timer);
    }
  };
  return browser;
}
