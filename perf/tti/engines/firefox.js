// @ts-check
/* global window -- page.evaluate bodies run in the page */
// Firefox for perf:tti: Debian's firefox-esr driven by puppeteer-core over
// WebDriver BiDi, with no geckodriver (webdriverio's Firefox path would try to
// download one) and no patched build (Playwright's Firefox needs its own).
// Firefox has no Long Tasks API: lab TTI comes from the page's frame heartbeat.
// A page that does not measure itself gets the measurement as a BiDi preload
// script (script.addPreloadScript, what puppeteer's evaluateOnNewDocument
// sends over BiDi): it runs in each new document before the page's own
// scripts, and is no inline script, so the page's CSP does not stop it.
import puppeteer from 'puppeteer-core';
import { enginePrograms } from './programs.js';
import { GRID_SELECTOR } from '../../../client/measure/key-input.js';
import { MEASURING, READ_FIGURES, WAIT_LAB_TTI_ENDED } from './page-figures.js';

/**
 * @param {import('./engine.js').LaunchPlan} plan
 * @returns {Promise<import('./engine.js').Engine>}
 */
export async function launchFirefox({ acceptUntrustedCertificate }) {
  const executablePath = enginePrograms('firefox')['Firefox ESR'];
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    acceptInsecureCerts: acceptUntrustedCertificate,
  });
  const version = await browser.version();
  return {
    name: 'firefox',
    version,
    // BiDi sets the viewport and its pixel ratio; it has no CPU throttling and
    // puppeteer's network conditions are CDP-only.
    emulates: { screen: true, cpu: false, network: false },
    async measure({ url, profile, capMs, inject }) {
      const context = await browser.createBrowserContext(); // empty cache, no cookies: a first visit
      try {
        const page = await context.newPage();
        const { width, height, deviceScaleFactor } = profile.screen;
        await setViewport(page, { width, height, deviceScaleFactor });
        await page.evaluateOnNewDocument(inject ?? `window.__marqueePerfCapMs = ${Number(capMs)};`);
        await page.goto(url, { waitUntil: 'load', timeout: capMs + 60_000 });
        await checkViewport(page, { width, deviceScaleFactor }, version);
        // The preloaded measurement starts with the document: missing at the load event, it never will.
        if (inject && !(await page.evaluate(MEASURING)))
          throw new Error(
            `firefox: the measurement preloaded over BiDi never ran in ${page.url()} (no window.__marqueePerf)`,
          );
        try {
          await Promise.race([
            page.evaluate(WAIT_LAB_TTI_ENDED),
            new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), capMs + 15_000)),
          ]);
        } catch {
          throw new Error(
            (await page.evaluate(MEASURING))
              ? `firefox: the lab TTI search did not end within ${capMs + 15_000} ms`
              : 'firefox: the page never started measuring (no window.__marqueePerf)',
          );
        }
        // Three arrow keys on the grid, as perf/lib/page-run.js presses them in Chromium.
        const link = await page.$(`${GRID_SELECTOR} a[href]`);
        if (link) {
          await link.focus();
          for (const key of /** @type {const} */ (['ArrowRight', 'ArrowRight', 'ArrowDown'])) {
            await page.keyboard.press(key);
            await new Promise((resolve) => setTimeout(resolve, 150));
          }
          await new Promise((resolve) => setTimeout(resolve, 300)); // Event Timing entries arrive after the paint
        }
        return /** @type {import('./engine.js').EngineRun} */ (await page.evaluate(READ_FIGURES));
      } finally {
        await context.close();
      }
    },
    close: () => browser.close(),
  };
}

/**
 * puppeteer sets the viewport and the screen's orientation side by side; Firefox ESR 140 knows no
 * orientation command (BiDi's emulation.setScreenOrientationOverride came in a later Firefox) and
 * fails it with "unknown command". The viewport, sent first, still applies: checkViewport says so.
 * @param {import('puppeteer-core').Page} page
 * @param {{ width: number, height: number, deviceScaleFactor: number }} viewport
 */
async function setViewport(page, viewport) {
  try {
    await page.setViewport(viewport);
  } catch (error) {
    const message = String(/** @type {Error} */ (error)?.message);
    if (!(message.includes('setScreenOrientationOverride') && message.includes('unknown command'))) throw error;
  }
}

/**
 * A run in the wrong viewport would measure another page: the document's own width and pixel ratio
 * must be the profile's.
 * @param {import('puppeteer-core').Page} page
 * @param {{ width: number, deviceScaleFactor: number }} want
 * @param {string} version
 */
async function checkViewport(page, want, version) {
  const [width, ratio] = await page.evaluate(() => [window.innerWidth, window.devicePixelRatio]);
  if (width !== want.width || Math.abs(ratio - want.deviceScaleFactor) > 0.01)
    throw new Error(
      `firefox (${version}): the page's viewport is ${width} px at ${ratio}x, not the profile's ` +
        `${want.width} px at ${want.deviceScaleFactor}x`,
    );
}
