// @ts-check
// npm run perf:beacons -- [--url URL] [--vs URL] [--close 1,3,10] [--pages 5] [--profile mobile]
// Field figures lost for want of code (issue 37): how many page views send
// their beacon when the visitor closes the tab 1, 3 or 10 s after the load
// event. Each page view is a fresh context under the profile's throttling,
// closed as a tab is (pagehide); the server's own count (/perf/summary.json)
// says whether its beacon arrived. With --vs, the two sides alternate.
import { launchBrowser } from '../lib/browser.js';
import { applyThrottling, contextOptions, PROFILES } from '../lib/throttling.js';
import { startOneMarquee } from '../lib/targets.js';
import { runTool } from '../lib/run-tool.js';
import { readOptions } from './options.js';

/** How long a closed tab's beacon has to reach the server. */
const ARRIVAL_MS = 5000;

const options = readOptions(process.argv.slice(2));
await runTool('perf:beacons', main);

/** @param {(stop: () => Promise<unknown>) => void} onStop */
async function main(onStop) {
  const a = await startOneMarquee({ url: options.url, onStart: onStop });
  const sides = [{ name: 'A', url: a.url }, ...(options.vs ? [{ name: 'B', url: options.vs }] : [])];
  const profile = PROFILES[options.profile];
  const browser = await launchBrowser();
  onStop(() => browser.close());
  console.log(
    `perf:beacons: ${sides.map((s) => `${s.name} ${s.url}`).join(', ')} · profile ${options.profile} · ` +
      `${options.pages} page views per side and closing time`,
  );
  /** @type {Record<string, Record<number, number>>} beacons received, by side and closing time */
  const received = Object.fromEntries(sides.map((s) => [s.name, Object.fromEntries(options.close.map((c) => [c, 0]))]));
  for (let i = 0; i < options.pages; i += 1) {
    for (const closeS of options.close) {
      // Alternate which side goes first: a machine that slows down hurts both alike.
      for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
        if (await viewAndClose(browser, side.url, profile, closeS)) received[side.name][closeS] += 1;
      }
    }
  }
  console.log(`\nbeacons received per page view (${options.pages} each)`);
  console.log(`side  ${options.close.map((c) => `closed at ${c} s`.padStart(16)).join('')}`);
  for (const side of sides)
    console.log(
      `${side.name.padEnd(4)}  ${options.close.map((c) => `${received[side.name][c]}/${options.pages}`.padStart(16)).join('')}`,
    );
  await browser.close();
}

/**
 * One page view closed `closeS` seconds after its load event.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {import('../lib/throttling.js').Profile} profile
 * @param {number} closeS
 * @returns {Promise<boolean>} whether the server counted its beacon
 */
async function viewAndClose(browser, url, profile, closeS) {
  const before = await beaconCount(url);
  const context = await browser.newContext(contextOptions(profile));
  try {
    const page = await context.newPage();
    await applyThrottling(await context.newCDPSession(page), profile);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(closeS * 1000);
    await page.close(); // as a tab closes: pagehide, then gone (waits until it is)
  } finally {
    await context.close();
  }
  const deadline = Date.now() + ARRIVAL_MS;
  while (Date.now() < deadline) {
    if ((await beaconCount(url)) > before) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** @param {string} url @returns {Promise<number>} the page beacons the server has counted */
async function beaconCount(url) {
  const res = await fetch(new URL('/perf/summary.json', url));
  if (!res.ok) throw new Error(`GET /perf/summary.json answered ${res.status}`);
  return (await res.json()).beacons;
}
