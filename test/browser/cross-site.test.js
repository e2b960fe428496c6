// @ts-check
// Cross-site request forgery in real Chromium (issue 14). The victim uses the
// app at http://127.0.0.1:<port>; an "attacker" page auto-submits a form to
// its /model.json: from http://localhost:<other port> (another site: an IP
// address and a host name never share a site) and from
// http://127.0.0.1:<other port> (another origin of the same site: ports do
// not count, so the browser sends the victim's SameSite=Lax cookie). Every
// forged write must be refused, set no cookie, and leave the victim's list,
// rating and cookie as they were.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { once } from 'node:events';
import { startApp } from '../helpers/app.js';
import { launchBrowser } from '../../perf/lib/browser.js';

const FILM = 'the-land-girls-1998';
const COOKIE = 'marquee_visitor';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {http.Server} */
let attacker;
let attackerPort = 0;
/** A real title the victim does not have: the forged call adds it. */
let otherFilm = '';

before(async () => {
  [app, browser] = await Promise.all([startApp({ env: { ATF_ROWS: '3' } }), launchBrowser()]);
  const { ids } = await (await fetch(`${app.catalogUrl}/lists/top-rated?from=0&to=1`)).json();
  otherFilm = ids.find((/** @type {string} */ id) => id !== FILM);
  // The attacker's site: one page per forged form, no CSP of its own.
  attacker = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://attacker');
    const form = forms()[url.searchParams.get('form') ?? ''];
    if (!form) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(attackPage(form));
  });
  attacker.listen(0, '127.0.0.1');
  await once(attacker, 'listening');
  attackerPort = /** @type {import('node:net').AddressInfo} */ (attacker.address()).port;
});
after(async () => {
  attacker?.close();
  await browser?.close();
  await app?.close();
});

/** @typedef {{ enctype: string, fields: Record<string, string> }} Form */

/**
 * What a forger would post, as falcor's HttpDataSource encodes it.
 * @returns {Record<string, Form>}
 */
const forms = () => ({
  // Adds a title to "my list": the write measured in issue 14.
  call: {
    enctype: 'application/x-www-form-urlencoded',
    fields: {
      method: 'call',
      callPath: JSON.stringify(['myList', 'add']),
      arguments: JSON.stringify([otherFilm]),
      pathSuffixes: '[]',
      paths: '[]',
    },
  },
  // Rates the victim's film 1 star.
  set: {
    enctype: 'application/x-www-form-urlencoded',
    fields: {
      method: 'set',
      jsonGraph: JSON.stringify({
        jsonGraph: { titlesById: { [FILM]: { userRating: 1 } } },
        paths: [['titlesById', FILM, 'userRating']],
      }),
    },
  },
  // The classic trick for servers that parse whatever body they get.
  // The text/plain trick: one field whose name and value spell a whole form
  // body (`method=call&…&x=` + `=` + value), sent with no CORS preflight.
  // Removes the victim's film.
  plain: {
    enctype: 'text/plain',
    fields: { [`method=call&callPath=["myList","remove"]&arguments=["${FILM}"]&x`]: '' },
  },
});

/** @param {Form} form */
function attackPage({ enctype, fields }) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html><title>Win a prize</title>
<form id="f" method="POST" enctype="${enctype}" action="${app.url}/model.json">${inputs}</form>
<script>document.getElementById('f').submit()</script>`;
}

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const hydrated = (/** @type {import('playwright-core').Page} */ page) =>
  page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, { timeout: 10_000 });

/**
 * The victim, through the real UI: one title in My list and a 4-star rating.
 * @returns {Promise<{ context: import('playwright-core').BrowserContext, page: import('playwright-core').Page, cookie: string, listed: string }>}
 */
async function victim() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${app.url}/title/${FILM}`);
  await hydrated(page);
  // Each write answered before the next step (Playwright's `waitForLoadState('networkidle')`
  // returns at once on a page that has been idle before: it did not wait for them).
  for (const control of ['button.mylist--page', '.rating__star[aria-label="4 stars"]']) {
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/model.json' && r.request().method() === 'POST', {
        timeout: 10_000,
      }),
      page.locator(control).click(),
    ]);
  }
  const state = await readState(page);
  assert.deepEqual(state, { myList: [FILM], rating: 4 }, 'the victim set up their list and rating');
  return { context, page, cookie: await visitorCookie(context), listed: FILM };
}

/** @param {import('playwright-core').BrowserContext} context */
async function visitorCookie(context) {
  const cookie = (await context.cookies(app.url)).find((c) => c.name === COOKIE);
  assert.ok(cookie, 'the victim has a visitor cookie');
  return cookie.value;
}

/**
 * The victim's list and rating, read by the app's own page (same origin, their cookie).
 * @param {import('playwright-core').Page} page
 */
async function readState(page) {
  if (!page.url().startsWith(app.url)) await page.goto(`${app.url}/healthz`);
  return page.evaluate(async (film) => {
    const paths = JSON.stringify([
      ['myList', { from: 0, to: 9 }],
      ['titlesById', film, 'userRating'],
    ]);
    const res = await fetch(`/model.json?method=get&paths=${encodeURIComponent(paths)}`);
    const { jsonGraph } = await res.json();
    const myList = Object.values(jsonGraph.myList ?? {})
      .filter((v) => v && v.$type === 'ref')
      .map((v) => v.value[1]);
    return { myList, rating: jsonGraph.titlesById[film].userRating };
  }, FILM);
}

/**
 * Opens the attacker's page in the victim's browser and returns what its form
 * sent and what the app answered.
 * @param {import('playwright-core').Page} page
 * @param {string} attackerOrigin
 * @param {string} form
 */
async function forge(page, attackerOrigin, form) {
  const answered = page.waitForResponse((res) => res.url() === `${app.url}/model.json`);
  await page.goto(`${attackerOrigin}/?form=${form}`, { waitUntil: 'commit' });
  const response = await answered;
  const sent = await response.request().allHeaders();
  const headers = await response.allHeaders();
  return {
    status: response.status(),
    body: await response.text(),
    setCookie: headers['set-cookie'] ?? null,
    secFetchSite: sent['sec-fetch-site'],
    origin: sent.origin,
    contentType: sent['content-type'],
    cookieSent: (sent.cookie ?? '').includes(`${COOKIE}=`),
  };
}

for (const [site, host, expected] of /** @type {const} */ ([
  ['another site (localhost)', 'localhost', { secFetchSite: 'cross-site', cookieSent: false }],
  ['another port of the same site (127.0.0.1)', '127.0.0.1', { secFetchSite: 'same-site', cookieSent: true }],
])) {
  test(`forms posted from ${site} are refused; the victim keeps list, rating and cookie`, async (t) => {
    const { context, page, cookie } = await victim();
    const attackerOrigin = `http://${host}:${attackerPort}`;
    for (const form of ['call', 'set', 'plain']) {
      const sent = await forge(page, attackerOrigin, form);
      t.diagnostic(`${form} from ${attackerOrigin}: ${JSON.stringify(sent)}`);
      assert.equal(sent.secFetchSite, expected.secFetchSite, `${form}: what Chromium says of the request`);
      assert.equal(sent.origin, attackerOrigin, `${form}: Origin names the attacker`);
      assert.equal(sent.cookieSent, expected.cookieSent, `${form}: SameSite=Lax decides whether the cookie goes`);
      assert.equal(sent.status, 403, `${form}: refused`);
      assert.match(sent.body, /cross-site write refused/);
      assert.equal(sent.setCookie, null, `${form}: a refused write sets no cookie`);
      assert.equal(await visitorCookie(context), cookie, `${form}: the victim's cookie is unchanged`);
    }
    assert.deepEqual(await readState(page), { myList: [FILM], rating: 4 }, "the victim's list and rating are intact");
    await context.close();
  });
}

test("the site's own pages still write (Sec-Fetch-Site: same-origin)", async () => {
  const { context, page } = await victim();
  const sent = await page.evaluate(async () => {
    const res = await fetch('/model.json', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `method=call&callPath=${encodeURIComponent('["myList","remove"]')}&arguments=${encodeURIComponent('["the-land-girls-1998"]')}`,
    });
    return res.status;
  });
  assert.equal(sent, 200);
  assert.deepEqual((await readState(page)).myList, []);
  await context.close();
});
