// @ts-check
// A starter's image CDN (POSTER_URL_TEMPLATE, issue 20): the template
// replaces the app's own poster URLs and nothing else in the page; the config
// refuses templates that could not work.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../../shared/components/App.jsx';
import * as homePage from '../../shared/pages/home.js';
import * as titlePage from '../../shared/pages/title.js';
import { DEFAULT_RENDER_SETTINGS } from '../../shared/components/RenderSettings.js';
import { loadConfig } from '../../server/config/load.js';
import { posterImage } from '../../shared/poster.js';

const TEMPLATE = 'https://img.example.com/{id}?w={width}';

/** @param {string} id */
const $ref = (id) => ({ $type: 'ref', value: ['titlesById', id] });
const cache = {
  lists: {
    length: 1,
    0: { id: 'top-rated', name: 'Top rated', length: 2, 0: $ref('alien-1979'), 1: $ref('heat-1995') },
  },
  titlesById: {
    'alien-1979': { name: 'Alien', year: 1979, rating: 8.5, genre: 'Horror', director: 'Ridley Scott' },
    'heat-1995': { name: 'Heat', year: 1995, rating: 8.3 },
  },
};

/** @param {any} page @param {Record<string, string>} params @param {string | null} posterTemplate */
function render(page, params, posterTemplate) {
  const props = page.props(cache, params, { rows: 1 });
  const settings = { ...DEFAULT_RENDER_SETTINGS, posterTemplate };
  return renderToString(createElement(App, { initial: { Component: page.Component, props, key: '/' }, settings }));
}

test('a URL template replaces the generated poster URLs, and changes nothing else', () => {
  for (const [page, params] of /** @type {[any, Record<string, string>][]} */ ([
    [homePage, {}],
    [titlePage, { id: 'alien-1979' }],
  ])) {
    const own = render(page, params, null);
    const starter = render(page, params, TEMPLATE);
    assert.match(starter, /src="https:\/\/img\.example\.com\/alien-1979\?w=160"/);
    assert.match(starter, /srcSet="https:\/\/img\.example\.com\/alien-1979\?w=320 2x"/);
    assert.doesNotMatch(starter, /\/art\//, 'no URL of the app’s own posters is left');
    // Put the app's own URLs back: the rest of the page (priority, lazy, tint) is the same.
    const back = starter.replace(/https:\/\/img\.example\.com\/([a-z0-9-]+)\?w=(\d+)/g, '/art/$1.$2w.v1.webp');
    assert.equal(back, own);
  }
});

test('POSTER_URL_TEMPLATE: read into config.posters with its origin (for the CSP)', () => {
  assert.deepEqual(loadConfig({}).posters, { template: null, origin: null });
  assert.deepEqual(loadConfig({ POSTER_URL_TEMPLATE: TEMPLATE }).posters, {
    template: TEMPLATE,
    origin: 'https://img.example.com',
  });
  assert.deepEqual(loadConfig({ POSTER_URL_TEMPLATE: '/images/{id}-{width}.webp' }).posters, {
    template: '/images/{id}-{width}.webp',
    origin: null,
  });
  for (const bad of [
    'https://img.example.com/{id}', // no width
    'https://img.example.com/{id}/{width}/{height}', // a placeholder nobody fills
    'https://{id}.img.example.com/{width}', // one origin per title: no CSP could list them
    'ftp://img.example.com/{id}/{width}',
    '//img.example.com/{id}/{width}',
    'https://img.example.com/{id} {width}', // a space splits a srcset candidate
  ])
    assert.throws(() => loadConfig({ POSTER_URL_TEMPLATE: bad }), /POSTER_URL_TEMPLATE/, bad);
});

test('a template is filled at every {id} and {width}, wherever and however often they appear', () => {
  const template = '{width}/https://img.example.com/{id}/{width}x/{id}?w={width}';
  assert.deepEqual(posterImage('alien-1979', template), {
    src: '160/https://img.example.com/alien-1979/160x/alien-1979?w=160',
    srcSet: '320/https://img.example.com/alien-1979/320x/alien-1979?w=320 2x',
    tint: posterImage('alien-1979', null).tint,
  });
  assert.equal(posterImage('heat-1995', template).src, '160/https://img.example.com/heat-1995/160x/heat-1995?w=160');
  assert.equal(posterImage('heat-1995', '').src, '/art/heat-1995.160w.v1.webp', 'empty: the app’s own posters');
  assert.equal(
    posterImage('heat-1995', 'https://cdn.example.com/fixed.webp').src,
    'https://cdn.example.com/fixed.webp',
  );
});
