// @ts-check
// One app and one Chromium for a browser test file: started together before
// its first test, closed after its last. Read them as `started.app` and
// `started.browser` inside the tests (they exist once `before` has run).
import { before, after } from 'node:test';
import { startApp } from './app.js';
import { launchBrowser } from '../../perf/lib/browser.js';

/**
 * @param {Parameters<typeof startApp>[0]} [appOptions] the app's (default: three rows on the server)
 */
export function appAndBrowser(appOptions = { env: { ATF_ROWS: '3' } }) {
  const started = {
    app: /** @type {Awaited<ReturnType<typeof startApp>>} */ (/** @type {unknown} */ (undefined)),
    browser: /** @type {import('playwright-core').Browser} */ (/** @type {unknown} */ (undefined)),
  };
  before(async () => {
    [started.app, started.browser] = await Promise.all([startApp(appOptions), launchBrowser()]);
  });
  after(async () => {
    await started.browser?.close();
    await started.app?.close();
  });
  return started;
}
