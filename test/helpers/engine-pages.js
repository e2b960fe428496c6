// @ts-check
// A page in Firefox (puppeteer-core over WebDriver BiDi) or WebKit (WebKitGTK's
// MiniBrowser over classic WebDriver) behind one small interface, for the
// tests that run the same steps in both: open, evaluate a script expression,
// click, close. The browsers are Debian's (perf/tti/engines/programs.js).
import puppeteer from 'puppeteer-core';
import { enginePrograms } from '../../perf/tti/engines/programs.js';
import { startWebKitDriver } from '../../perf/tti/engines/webkit.js';

/**
 * @typedef {{
 *   goto: (url: string) => Promise<void>,
 *   evaluate: (expression: string) => Promise<any>,
 *   click: (selector: string) => Promise<void>,
 *   close: () => Promise<void>,
 * }} EnginePage
 * @typedef {{ name: 'firefox' | 'webkit', newPage: () => Promise<EnginePage>, close: () => Promise<void> }} EngineBrowser
 */

/** @returns {Promise<EngineBrowser>} */
export async function launchFirefoxBrowser() {
  const executablePath = enginePrograms('firefox')['Firefox ESR'];
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath, headless: true });
  return {
    name: 'firefox',
    async newPage() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      return {
        goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        evaluate: (expression) => page.evaluate(expression),
        // A pointer click (BiDi input.performActions), as a person clicks.
        click: (selector) => page.click(selector),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

/** @returns {Promise<EngineBrowser>} */
export async function launchWebKitBrowser() {
  const driver = await startWebKitDriver();
  return {
    name: 'webkit',
    async newPage() {
      const session = await driver.session();
      return {
        goto: async (url) => void (await session.url(url)),
        evaluate: (expression) => session.execute(`return ${expression};`),
        click: (selector) => session.click(selector),
        close: async () => void (await session.close()),
      };
    },
    close: driver.stop,
  };
}

/**
 * Polls a page expression until it is truthy (a slow poll: each check is a
 * task on the page's main thread, and would count against its quiet window).
 * The expression is read as a boolean in the page: puppeteer-core over
 * WebDriver BiDi hands back `undefined` for a DOM element, so
 * `… && document.querySelector(…)` never came true in Firefox.
 * @param {EnginePage} page
 * @param {string} expression
 * @param {{ timeoutMs?: number, what?: string }} [options]
 */
export async function waitInPage(page, expression, { timeoutMs = 15_000, what = expression } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate(`Boolean(${expression})`)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
