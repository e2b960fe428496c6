// @ts-check
// How many sequential upstream round trips each page costs, as the page
// itself reports them (Server-Timing: a trailer on streamed pages, a header on
// /model.json). A page's latency is its rounds times the catalog's latency:
// a change that adds a round must fail here, with the catalog graph cache on
// and off, for a first visit and for a returning visitor with a list and a rating.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startApp } from '../../helpers/app.js';
import { rowQuery } from '../../../shared/pages/home.js';
import { query as titleQuery } from '../../../shared/pages/title.js';

/** Long enough that calls of one round overlap and calls of the next cannot. */
const LATENCY_MS = 100;

/** @type {Awaited<ReturnType<typeof startApp>>} */
let cached;
/** @type {Awaited<ReturnType<typeof startApp>>} */
let uncached;
/** @type {string[]} */
let topRated;

before(async () => {
  const catalogEnv = { CATALOG_LATENCY_MS: String(LATENCY_MS), CATALOG_JITTER_MS: '0' };
  [cached, uncached] = await Promise.all([
    startApp({ catalogEnv }),
    startApp({ env: { GRAPH_CACHE_TTL_MS: '0' }, catalogEnv }),
  ]);
  topRated = (await (await fetch(`${cached.catalogUrl}/lists/top-rated?from=0&to=40`)).json()).ids;
});
after(async () => {
  await Promise.all([cached?.close(), uncached?.close()]);
});

/**
 * @typedef {{ status: number, timing: string, setCookie: string }} Report
 */

/**
 * GET through node:http, which hands over trailers.
 * @param {string} url
 * @param {string} [cookie]
 * @returns {Promise<Report>}
 */
function get(url, cookie) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: cookie ? { cookie } : {} }, (res) => {
        res.resume();
        res.on('end', () => {
          const timing = String(res.trailers['server-timing'] ?? res.headers['server-timing'] ?? '');
          resolve({ status: res.statusCode ?? 0, timing, setCookie: String(res.headers['set-cookie'] ?? '') });
        });
      })
      .on('error', reject);
  });
}

/** @param {string} timing a Server-Timing value */
function parseRounds(timing) {
  const requests = /upstream-requests;desc=(\d+)/.exec(timing);
  const rounds = /upstream-rounds;desc=(\d+)/.exec(timing);
  assert.ok(requests && rounds, `Server-Timing must say the upstream requests and rounds: ${timing}`);
  const roundMs = [...timing.matchAll(/round-\d+;dur=([\d.]+)/g)].map((m) => Number(m[1]));
  assert.equal(roundMs.length, Number(rounds[1]), `one entry per round: ${timing}`);
  return { requests: Number(requests[1]), rounds: Number(rounds[1]), roundMs };
}

/**
 * A returning visitor of that app: a cookie, one title in their list, one rated.
 * @param {Awaited<ReturnType<typeof startApp>>} app
 */
async function returningVisitor(app) {
  const { setCookie } = await get(`${app.url}/healthz`);
  const cookie = /marquee_visitor=[^;]+/.exec(setCookie)?.[0];
  assert.ok(cookie, 'a visitor cookie');
  const vid = /s%3A([A-Za-z0-9_-]+)\./.exec(cookie)?.[1];
  assert.ok(vid, `a visitor id in ${cookie}`);
  const put = (/** @type {string} */ path, /** @type {unknown} */ body) =>
    fetch(`${app.catalogUrl}/visitors/${vid}${path}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((res) => assert.equal(res.status, 200));
  await put(`/my-list/${topRated[0]}`);
  await put(`/ratings/${topRated[1]}`, { rating: 4 });
  return cookie;
}

/**
 * @param {Report} report
 * @param {number | null} rounds null: any number (only the report's shape is checked)
 * @param {string} what
 * @returns {ReturnType<typeof parseRounds>}
 */
function assertRounds(report, rounds, what) {
  assert.equal(report.status, 200, `${what}: ${report.timing}`);
  const parsed = parseRounds(report.timing);
  if (rounds !== null)
    assert.equal(parsed.rounds, rounds, `${what}: ${rounds} sequential upstream round(s), got ${report.timing}`);
  for (const ms of parsed.roundMs)
    assert.ok(ms >= LATENCY_MS - 5, `${what}: a round lasts at least the catalog's latency: ${report.timing}`);
  return parsed;
}

for (const [name, app] of /** @type {const} */ ([
  ['graph cache on', () => cached],
  ['graph cache off (GRAPH_CACHE_TTL_MS=0)', () => uncached],
])) {
  const on = name.startsWith('graph cache on');

  test(`/title/:id, ${name}: first visit and returning visitor`, async () => {
    const first = await get(`${app().url}/title/${topRated[10]}`);
    // The title, its rows and their titles: two calls side by side.
    const { requests } = assertRounds(first, 1, 'a first visit to a title');
    assert.equal(requests, 2, `the title and its rows with their titles: ${first.timing}`);

    const again = await get(`${app().url}/title/${topRated[10]}`);
    assertRounds(again, on ? 0 : 1, 'the same title, first visit again');

    const cookie = await returningVisitor(app());
    const fresh = await get(`${app().url}/title/${topRated[11]}`, cookie);
    // The visitor's list and rating of the title go beside the catalog's
    // calls; the cards read only `inMyList`, answered by that list.
    assertRounds(fresh, 1, 'a returning visitor, a title not read before');
    const seen = await get(`${app().url}/title/${topRated[11]}`, cookie);
    const { requests: visitorRequests } = assertRounds(seen, 1, 'a returning visitor, the same title again');
    // Cached: only the visitor's own data goes upstream (their list, their rating).
    if (on) assert.equal(visitorRequests, 2, `only the visitor's list and rating: ${seen.timing}`);
  });

  test(`/, ${name}: first visit and returning visitor`, async () => {
    const first = await get(`${app().url}/`);
    // Uncached: the lists, and their first ids with the rows' titles, side by side.
    assertRounds(first, on ? null : 1, 'home, first visit');
    const warm = await get(`${app().url}/`);
    assertRounds(warm, on ? 0 : 1, 'home, first visit again');

    const cookie = await returningVisitor(app());
    const mine = await get(`${app().url}/`, cookie);
    // Cached: the visitor's list alone (its title's fields are cached too);
    // uncached: the lists, the rows with their titles and the visitor's list
    // together, then the titles of the visitor's list.
    assertRounds(mine, on ? 1 : 2, 'home, returning visitor');
  });

  test(`/model.json, ${name}: a row below the fold in one round`, async () => {
    const cookie = await returningVisitor(app());
    const paths = encodeURIComponent(JSON.stringify(rowQuery(7)));
    const row = await get(`${app().url}/model.json?method=get&paths=${paths}`, cookie);
    // Its ids come with its titles, the visitor's list beside them (issue 19: was 2 rounds).
    assertRounds(row, 1, 'lists[7] and its titles');
    // Warm: only the visitor's list goes upstream (the row's catalog data is the shared cache's).
    const again = await get(`${app().url}/model.json?method=get&paths=${paths}`, cookie);
    const { requests } = assertRounds(again, 1, 'the same row again');
    if (on) assert.equal(requests, 1, `the visitor's list alone: ${again.timing}`);
  });

  test(`/model.json, ${name}: a click's title query, cards marked for the visitor, in one round`, async () => {
    const cookie = await returningVisitor(app());
    const id = topRated[30];
    // What a client holding the card asks after a click (client/nav/from-cache.js): the facts a
    // card lacks and "more like this", whose cards read `inMyList`. The visitor's list is read
    // with the first calls, not once the rows' refs are known (a second round).
    const [, ...rows] = titleQuery({ id });
    const paths = encodeURIComponent(JSON.stringify([['titlesById', id, ['tagline', 'userRating']], ...rows]));
    const res = await get(`${app().url}/model.json?method=get&paths=${paths}`, cookie);
    assertRounds(res, 1, 'title facts, rows and their inMyList');
  });
}

test('the title page in one round when the visitor is new, even on a cold title, cache on', async () => {
  const res = await get(`${cached.url}/title/${topRated[20]}`);
  assertRounds(res, 1, 'cold title, cache on');
});
