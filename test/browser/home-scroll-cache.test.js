// @ts-check
/* global document, requestAnimationFrame */
// Home scrolled to its last row in real Chromium with the client cache's
// bound as built (issue 38): the bound never drops what the page in view
// shows, so no /model.json request asks again for a title the server sent.
// And the bound's margin, measured: all of home, scrolled, in Falcor's units,
// fits in what a collection keeps, with room to spare.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import falcor from 'falcor';
import { appAndBrowser } from '../helpers/browser-app.js';
import { refetchedPaths } from '../helpers/model-requests.js';
import { CLIENT_CACHE } from '../../client/model.js';

/** @typedef {import('../helpers/model-requests.js').ModelRequest} ModelRequest */

/** Home may grow by a quarter (more rows, longer names) before the bound is too tight again. */
const ROOM = 1.25;

const started = appAndBrowser();

test('scrolled to its last row, home asks /model.json for no title of the server-rendered cache', async () => {
  const page = await started.browser.newPage({ viewport: { width: 1280, height: 900 } });
  /** @type {ModelRequest[]} */
  const requests = [];
  /** @type {Promise<any>[]} */
  const graphs = [];
  // Asked for by code: the first scroll's rows prefetched at idle (network only, no body for the page) are
  // asked for again by the fetch that reads them, from the HTTP cache.
  const byCode = (/** @type {import('playwright-core').Request} */ r) => r.resourceType() !== 'other';
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/model.json' && byCode(request))
      requests.push({ method: request.method(), url: request.url(), body: request.postData() });
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/model.json' && byCode(response.request()))
      graphs.push(response.json().then((body) => body.jsonGraph));
  });
  await page.goto(`${started.app.url}/`);
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 15_000,
  });
  const cache = await page.evaluate(
    () => JSON.parse(document.getElementById('marquee-data')?.textContent ?? '{}').cache,
  );
  const rows = await page.locator('[data-row-index]').count();
  assert.ok(rows >= 20, `home has its rows (${rows})`);
  // Down with the mouse wheel as a visitor scrolls, rows loading as they near the viewport.
  // (Row by row, each loaded before the next, the one bound of 90,000 before issue 38 dropped titles no
  // later row needed; the wheel's batches of rows met the refetch one run in three.)
  for (let step = 0; !(await lastRowLoaded(page, rows - 1)); step += 1) {
    assert.ok(step < 400, 'the last row loads within 400 turns of the wheel');
    await page.mouse.wheel(0, 700);
    // A frame for the scroll and the rows it brings near to ask for their data.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  const refetched = refetchedPaths(requests, cache).filter(({ path }) => path[0] === 'titlesById');
  const titles = [...new Set(refetched.map(({ path }) => path[1]))];
  assert.deepEqual(
    titles,
    [],
    `${titles.length} titles of the server's cache asked for again (the bound dropped them)`,
  );

  // All of home in Falcor's units: the server's cache and every answer, in a model with no bound.
  const model = new falcor.Model({ cache });
  for (const jsonGraph of await Promise.all(graphs)) model.setCache(merge(model.getCache(), jsonGraph));
  const homeUnits = model._root.cache.$size;
  const kept = CLIENT_CACHE.homeMaxSize * CLIENT_CACHE.collectRatio;
  assert.ok(
    homeUnits * ROOM <= kept,
    `home scrolled is ${homeUnits} units; a collection keeps ${kept}: room for ${ROOM}x home is ${Math.ceil((homeUnits * ROOM) / CLIENT_CACHE.collectRatio)}`,
  );
  await page.close();
});

/**
 * @param {import('playwright-core').Page} page
 * @param {number} index
 */
function lastRowLoaded(page, index) {
  return page.evaluate(
    (i) => !!document.querySelector(`[data-row-index="${i}"][data-row-state="loaded"] li.card[data-title-id]`),
    index,
  );
}

/**
 * `b` laid over `a`, branch by branch (a JSON Graph answer into the cache so far).
 * @param {any} a
 * @param {any} b
 * @returns {any}
 */
function merge(a, b) {
  if (a === null || typeof a !== 'object' || a.$type || b === null || typeof b !== 'object' || b.$type) return b;
  const out = { ...a };
  for (const [key, value] of Object.entries(b)) out[key] = key in a ? merge(a[key], value) : value;
  return out;
}
