// @ts-check
/* global requestIdleCallback -- evaluate bodies run in the page */
// perf:tti --react-floor's second floor: the page's own HTML, its module scripts
// and preloads swapped for a bundle that only hydrates. The swap keeps
// everything else; the floor hydrates the real page with no error, and runs
// none of what Marquee adds after hydration (no Falcor, no measurement, no
// navigation, no /model.json read), so what it measures is React's share alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../helpers/app.js';
import { launchBrowser } from '../../perf/lib/browser.js';
import {
  reactFloorHtml,
  startReactFloorProxy,
  REACT_FLOOR_PREFIX,
} from '../../perf/tti/lighthouse/react-floor/proxy.js';

const PAGE = `<!doctype html><html><head>
<link rel="modulepreload" fetchpriority="low" href="/assets/index-A.js">
<link rel="modulepreload" fetchpriority="low" href="/assets/chunks/home-B.js">
<link rel="preload" as="image" href="/art/1.webp" fetchPriority="high"/>
</head><body><div id="root"><h1>Hi</h1></div>
<script type="application/json" id="marquee-data" nonce="n1">{"cache":{}}</script>
<script type="module" fetchpriority="low" nonce="n1" src="/assets/index-A.js"></script>
</body></html>`;
const BUILD = { entry: 'index-R.js', preload: ['chunks/react-C.js'], pages: { home: ['chunks/home-R.js'] } };

test("the swap puts the floor's scripts where the page's were, with their attributes, and keeps the rest", () => {
  const html = reactFloorHtml(PAGE, '/', BUILD);
  assert.doesNotMatch(html, /\/assets\//, "none of the page's own scripts is left");
  const preloads = [...html.matchAll(/<link rel="modulepreload" fetchpriority="low" href="([^"]+)">/g)].map(
    (m) => m[1],
  );
  assert.deepEqual(
    preloads,
    ['index-R.js', 'chunks/react-C.js', 'chunks/home-R.js'].map((f) => REACT_FLOOR_PREFIX + f),
  );
  assert.match(
    html,
    new RegExp(`<script type="module" fetchpriority="low" nonce="n1" src="${REACT_FLOOR_PREFIX}index-R.js"></script>`),
  );
  assert.match(html, /<link rel="preload" as="image" href="\/art\/1.webp" fetchPriority="high"\/>/);
  assert.match(html, /<script type="application\/json" id="marquee-data" nonce="n1">\{"cache":\{\}\}<\/script>/);
  assert.match(html, /<div id="root"><h1>Hi<\/h1><\/div>/);
  assert.throws(() => reactFloorHtml('<p>no scripts</p>', '/', BUILD), /no module script/);
});

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {Awaited<ReturnType<typeof startReactFloorProxy>>} */
let proxy;
before(async () => {
  [app, browser] = await Promise.all([startApp({ env: { ATF_ROWS: '3' } }), launchBrowser()]);
  proxy = await startReactFloorProxy(app.url);
});
after(async () => {
  await proxy?.stop();
  await browser?.close();
  await app?.close();
});

test('the proxy serves its own bundle, compressed as asked, and nothing outside it', async () => {
  const html = await (await fetch(`${proxy.url}/`)).text();
  const entry = html.match(new RegExp(`src="(${REACT_FLOOR_PREFIX}[^"]+)"`))?.[1];
  assert.ok(entry, "the page names the floor's entry");
  const js = await fetch(`${proxy.url}${entry}`, { headers: { 'accept-encoding': 'br' } });
  assert.equal(js.status, 200);
  assert.match(js.headers.get('content-type') ?? '', /javascript/);
  assert.equal(js.headers.get('content-encoding'), 'br');
  // The floor's own entry: it reads the server's cache and marks hydration's commit, and has none
  // of Marquee's code after hydration (the first intent's mark is set by client/intent.js alone).
  const body = await js.text();
  assert.match(body, /marquee-data/, "the floor's entry reads the page's serialized cache");
  assert.match(body, /marquee:interactive/, "the floor's entry marks hydration's commit");
  assert.doesNotMatch(body, /marquee:intent/, "the floor's entry carries Marquee's intent code");
  const { request } = await import('undici');
  const escape = await request(`${proxy.url}${REACT_FLOOR_PREFIX}..%2f..%2fetc%2fpasswd`);
  assert.equal(escape.statusCode, 404);
  await escape.body.dump();
});

test('in Chromium the floor hydrates the real page and loads nothing Marquee adds after hydration', async () => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  /** @type {string[]} */
  const requested = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`${proxy.url}/`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0);
  // Past idle: whatever the page would start at idle (Falcor, measurement, navigation) would be asked for by now.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 50))));
  assert.deepEqual(errors, [], 'hydration without an error or a mismatch');
  const scripts = requested.filter((path) => path.endsWith('.js'));
  assert.ok(scripts.length > 0 && scripts.every((path) => path.startsWith(REACT_FLOOR_PREFIX)), scripts.join(', '));
  assert.ok(
    !requested.some((path) => path.startsWith('/model.json') || path.startsWith('/perf/beacon')),
    requested.join(', '),
  );
  assert.ok(
    (await page.locator('[data-row-state="placeholder"]').count()) > 0,
    'rows below the fold stay placeholders',
  );
  await context.close();
});
