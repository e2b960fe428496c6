// @ts-check
// Launches the system Chromium for browser tests and perf runs.
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
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS], ...options });
}
