// @ts-check
// A client navigation answered from the cache (client/nav/from-cache.js),
// against the client's real Falcor model (client/model.js, its strict side) and a fake data
// source: shown at once from what the cache holds, then the rest; waiting
// when the cache knows nothing; "failed" when the server could not answer;
// the cache's bound held however many titles are fetched, and the rows'
// timings (User Timing entries) bounded however many rows a long visit loads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CLIENT_CACHE, TIMED_ROWS, createAppModel } from '../../../client/model.js';
import { pageFromCache } from '../../../client/nav/from-cache.js';
import * as titlePage from '../../../shared/pages/title.js';
import { expandPathSet } from '../../helpers/model-requests.js';

/**
 * A data source answering every path it is asked for with `answer(path)`.
 * @param {(path: (string | number)[]) => unknown} answer
 */
function fakeSource(answer) {
  const requests = /** @type {unknown[][]} */ ([]);
  const source = {
    /** @param {any[]} paths */
    get(paths) {
      requests.push(paths);
      /** @type {any} */
      const jsonGraph = {};
      for (const pathSet of paths)
        for (const path of expandPathSet(pathSet)) {
          let node = jsonGraph;
          for (const key of path.slice(0, -1)) node = node[key] ??= {};
          node[path[path.length - 1]] = answer(path);
        }
      const value = { jsonGraph, paths };
      return {
        /** @param {any} observer @param {any} [onError] @param {any} [onCompleted] */
        subscribe(observer, onError, onCompleted) {
          const timer = setTimeout(() => {
            if (typeof observer === 'function') {
              observer(value);
              onCompleted?.();
            } else {
              (observer.onNext ?? observer.next).call(observer, value);
              (observer.onCompleted ?? observer.complete).call(observer);
            }
          }, 5);
          return { dispose: () => clearTimeout(timer), unsubscribe: () => clearTimeout(timer) };
        },
      };
    },
  };
  return { source, requests };
}

/** A cache holding what a card on the home page put there: a few keys of one title. */
const CARD_CACHE = {
  titlesById: { 'heat-1995': { name: 'Heat', year: 1995, rating: 8.3, inMyList: false, genre: 'Crime' } },
};
const route = { name: 'title', template: '/title/:id', params: { id: 'heat-1995' } };
const options = { rows: 3 };

test('a title a card put in the cache is shown at once, the rest follows', async () => {
  const { source, requests } = fakeSource((path) => (path[2] === 'tagline' ? 'A Los Angeles crime saga' : null));
  const { strict: model } = createAppModel(structuredClone(CARD_CACHE), { source });
  const { page, update } = await pageFromCache(model, titlePage, route, '/title/heat-1995', options, options);
  const shown = /** @type {any} */ (page.props);
  assert.equal(shown.state, 'loading');
  assert.equal(shown.title.name, 'Heat');
  assert.equal(shown.title.year, 1995);
  assert.equal(page.title, 'Heat (1995) · Marquee');
  assert.ok(update, 'the rest comes as an update');
  const later = /** @type {any} */ ((await update).props);
  assert.equal(later.state, undefined);
  assert.equal(later.title.tagline, 'A Los Angeles crime saga');
  assert.equal(requests.length, 1, 'head and page query in one request');
});

test('a title the cache does not know waits for the query, and may be not found', async () => {
  const { source } = fakeSource(() => ({ $type: 'atom' }));
  const { strict: model } = createAppModel({}, { source });
  const answer = await pageFromCache(model, titlePage, route, '/title/heat-1995', options, options);
  assert.equal(answer.update, undefined);
  assert.equal(/** @type {any} */ (answer.page.props).title, null, 'the not-found page');
});

/** What the app's server answers for a path the catalog could not give (already expired: asked again next time). */
const UNAVAILABLE = () => ({ $type: 'error', value: { message: 'temporarily unavailable' }, $expires: 0 });

test('what the server could not get is marked failed; the cached heading stays', async () => {
  const { source } = fakeSource(UNAVAILABLE);
  const { strict: model } = createAppModel(structuredClone(CARD_CACHE), { source });
  const { update } = await pageFromCache(model, titlePage, route, '/title/heat-1995', options, options);
  const later = /** @type {any} */ ((await update)?.props);
  assert.equal(later.state, 'failed');
  assert.equal(later.title.name, 'Heat');
});

test('a title the cache does not know and the server cannot give: the server renders the page', async () => {
  const { source } = fakeSource(UNAVAILABLE);
  const { strict: model } = createAppModel({}, { source });
  await assert.rejects(pageFromCache(model, titlePage, route, '/title/heat-1995', options, options));
});

test('a page the cache answers whole is one render, without placeholders', async () => {
  const { source } = fakeSource((path) => (path[2] === 'tagline' ? 'x' : null));
  const { strict: model } = createAppModel(structuredClone(CARD_CACHE), { source });
  await model.get(...titlePage.query(route.params));
  const answer = await pageFromCache(model, titlePage, route, '/title/heat-1995', options, options);
  assert.equal(answer.update, undefined);
  assert.equal(/** @type {any} */ (answer.page.props).state, undefined);
});

test('the cache stays within its bound however many titles are fetched (prefetch included)', async () => {
  const { source } = fakeSource((path) => (typeof path[path.length - 1] === 'string' ? 'x'.repeat(40) : null));
  const { strict: model } = createAppModel({}, { source });
  for (let i = 0; i < 400; i++) await model.get(...titlePage.query({ id: `film-${i}` }));
  const size = /** @type {any} */ (model)._root.cache.$size;
  assert.ok(size <= CLIENT_CACHE.homeMaxSize, `cache size ${size} within ${CLIENT_CACHE.homeMaxSize}`);
  assert.ok(size > CLIENT_CACHE.homeMaxSize * 0.9, 'the bound was reached, so it was tested');
});

test("the bound follows the page in view: leaving home collects down to a title page's at once, and home raises it again", async () => {
  const { source } = fakeSource((path) => (typeof path[path.length - 1] === 'string' ? 'x'.repeat(40) : null));
  const app = createAppModel({}, { source });
  const size = () => /** @type {any} */ (app.strict)._root.cache.$size;
  const has = (/** @type {string} */ id) =>
    app.model.getCache(['titlesById', id, 'name'])?.titlesById?.[id] !== undefined;
  for (let i = 0; i < 400; i++) await app.strict.get(...titlePage.query({ id: `film-${i}` }));
  assert.ok(size() > CLIENT_CACHE.pageMaxSize, `home's bound holds more (${size()})`);
  app.pageShown(false);
  assert.ok(
    size() <= CLIENT_CACHE.pageMaxSize,
    `${size()} within ${CLIENT_CACHE.pageMaxSize} at once, with no answer landing`,
  );
  // The most recent title stays; the oldest went.
  assert.ok(has('film-399'), 'the last title fetched is kept');
  assert.ok(!has('film-0'), 'the first is gone');
  for (let i = 400; i < 800; i++) await app.model.get(...titlePage.query({ id: `film-${i}` }));
  assert.ok(size() <= CLIENT_CACHE.pageMaxSize, `prefetches (the other model) keep to it too: ${size()}`);
  app.pageShown(true);
  for (let i = 800; i < 1200; i++) await app.model.get(...titlePage.query({ id: `film-${i}` }));
  assert.ok(size() > CLIENT_CACHE.pageMaxSize && size() <= CLIENT_CACHE.homeMaxSize, `home's again: ${size()}`);
});

test('rows loaded past the first TIMED_ROWS add no more User Timing entries (a long visit home and back)', async () => {
  performance.clearMeasures('marquee:loadRow');
  const { source } = fakeSource(() => 'a row');
  const app = createAppModel({}, { source });
  const loads = TIMED_ROWS + 30;
  const rows = await Promise.all(
    Array.from({ length: loads }, (_, i) => app.loadRow([['lists', i, 'name']], () => null)),
  );
  assert.equal(rows.length, loads, 'every row was loaded');
  assert.equal(performance.getEntriesByName('marquee:loadRow').length, TIMED_ROWS);
  performance.clearMeasures('marquee:loadRow');
});
