// @ts-check
/* global window -- page.evaluate and waitForFunction bodies run in the page */
// `npm run dev` reloads the open page (server/dev/reload-stream.js): after a
// client rebuild, to run the new bundle, after a server restart, to be served
// by the new server, and after a save under views/ (the page shells and all
// the CSS), to show it, from the same server. Outside development there is no
// stream at all.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { startDevRun } from '../helpers/dev-run.js';
import { launchBrowser } from '../helpers/browser.js';
import { startApp } from '../helpers/app.js';

const RELOAD_PATH = '/__dev/reload';
// A rebuild or a restart under load (two cores, a browser, esbuild, tsx) can take a while.
const RELOAD_TIMEOUT_MS = 60_000;

/** @type {ReturnType<typeof startDevRun> | undefined} */
let run;
/** @type {import('playwright-core').Browser | undefined} */
let browser;
after(async () => {
  await browser?.close();
  run?.kill();
});

/**
 * A port free now: the restarted server must listen where the page is (PORT=0 would move it).
 * @returns {Promise<number>}
 */
async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Set in the page's window: gone once the page has reloaded.
 * @param {import('playwright-core').Page} page @param {string} name
 */
const mark = (page, name) =>
  page.evaluate((key) => {
    /** @type {any} */ (window)[key] = true;
  }, name);

/** @param {import('playwright-core').Page} page @param {string} name */
const marked = (page, name) => page.evaluate((key) => key in window, name);

/** @param {import('playwright-core').Page} page the rebuilt bundle has run in it */
const runsRebuilt = (page) => page.waitForFunction(() => /** @type {any} */ (window).devReloadTest === 'rebuilt');

/** @param {import('playwright-core').Response} response */
const isReloadStream = (response) => new URL(response.url()).pathname === RELOAD_PATH && response.status() === 200;

/**
 * Resolves once the page has loaded again after `save`, and a reload stream has answered since.
 * @param {import('playwright-core').Page} page @param {() => void} save
 */
async function reloadsAfter(page, save) {
  await Promise.all([page.waitForEvent('load'), page.waitForResponse(isReloadStream), Promise.resolve().then(save)]);
}

test('npm run dev: the open page reloads after a client rebuild, a server restart and a view or CSS save', async () => {
  const dev = startDevRun({ PORT: String(await freePort()) });
  run = dev;
  const [first] = await dev.waitFor(
    () => dev.servers().length > 0 && dev.servers(),
    30_000,
    'the app server did not start',
  );
  browser = await launchBrowser();
  const page = await browser.newPage();
  page.setDefaultTimeout(RELOAD_TIMEOUT_MS);

  await Promise.all([page.waitForResponse(isReloadStream), page.goto(first.url)]);

  // A client rebuild: the page reloads and runs the new bundle.
  await mark(page, 'beforeRebuild');
  await reloadsAfter(page, () =>
    appendFileSync(path.join(dev.dir, 'client/index.jsx'), "\nwindow.devReloadTest = 'rebuilt';\n"),
  );
  await runsRebuilt(page);
  assert.equal(await marked(page, 'beforeRebuild'), false, 'a new document');

  // A server restart: the stream drops, reconnects to the new server, and the page reloads from it.
  await mark(page, 'beforeRestart');
  await reloadsAfter(page, () =>
    appendFileSync(path.join(dev.dir, 'server/app.js'), '\n// dev-reload.test.js: restart\n'),
  );
  // The app's page (its bundle runs), not the browser's error page for a server not up yet.
  await runsRebuilt(page);
  assert.equal(await marked(page, 'beforeRestart'), false, 'a new document');
  const latest = dev.servers().at(-1);
  assert.notEqual(latest?.pid, first.pid, 'the app server restarted');
  const health = await page.evaluate(() => fetch('/healthz').then((response) => response.json()));
  assert.equal(health.pid, latest?.pid, 'the page is served by the new server');

  // A save of the pages' CSS (a view's partial): the page reloads with it, and no server restarts.
  await mark(page, 'beforeViewSave');
  await reloadsAfter(page, () =>
    appendFileSync(path.join(dev.dir, 'views/partials/pages-css.hbs'), '\nbody { --dev-reload-test: saved; }\n'),
  );
  await page.waitForFunction(
    () => window.getComputedStyle(window.document.body).getPropertyValue('--dev-reload-test').trim() === 'saved',
  );
  assert.equal(await marked(page, 'beforeViewSave'), false, 'a new document');
  assert.equal(dev.servers().at(-1)?.pid, latest?.pid, 'no restart: the same app server recompiled the view');
});

test('outside development (test and production apps) there is no reload stream, and no script for it', async () => {
  for (const NODE_ENV of ['test', 'production']) {
    const app = await startApp({ env: { NODE_ENV, LOG_LEVEL: 'silent' } });
    try {
      const stream = await fetch(`${app.url}${RELOAD_PATH}`);
      assert.equal(stream.status, 404, NODE_ENV);
      await stream.body?.cancel();
      for (const url of [app.url, `${app.url}/no-such-page`]) {
        const html = await (await fetch(url)).text();
        assert.ok(html.includes('</body>'), `${NODE_ENV} ${url}: a whole page`);
        assert.ok(!html.includes(RELOAD_PATH) && !html.includes('EventSource'), `${NODE_ENV} ${url}: no reload script`);
      }
    } finally {
      await app.close();
    }
  }
});
