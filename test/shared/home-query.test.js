// @ts-check
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { myListQuery, rowQuery, rowProps } from '../../shared/pages/home.js';
import * as homePage from '../../shared/pages/home.js';
import { CARDS_PER_ROW } from '../../shared/graph/limits.js';

/** @param {number} rows */
const homeQuery = (rows) => homePage.query({}, { rows });
/** @param {unknown} cache @param {number} rows */
const homeProps = (cache, rows) => homePage.props(cache, {}, { rows });
import { TitleRow } from '../../shared/components/TitleRow.jsx';
import { TitleCard } from '../../shared/components/TitleCard.jsx';
import { TitleDetails } from '../../shared/components/TitleDetails.jsx';
import { App } from '../../shared/components/App.jsx';
import { HomePage } from '../../shared/components/HomePage.jsx';

/** @param {string} id */
const $ref = (id) => ({ $type: 'ref', value: ['titlesById', id] });

const HOSTILE = '</script><script>window.__pwned=1</script>';

/** Three lists, two of them fetched (like ATF_ROWS=2); one title failed upstream. */
function sampleCache() {
  return {
    lists: {
      length: 3,
      0: {
        id: 'top-rated',
        name: 'Top <b>rated</b>',
        length: 3,
        0: $ref('alien-1979'),
        1: $ref('broken'),
        2: $ref('evil'),
      },
      1: {
        id: { $type: 'atom', value: 'decade-1990s' },
        name: { $type: 'atom', value: '1990s' },
        length: 1,
        0: $ref('heat-1995'),
      },
    },
    titlesById: {
      'alien-1979': {
        name: 'Alien',
        year: 1979,
        rating: 8.5,
        boxart: '/art/alien-1979.svg',
        genre: 'Horror',
        director: 'Ridley Scott',
        runtime: 117,
        mpaa: 'R',
      },
      broken: { $type: 'error', value: { message: 'upstream timeout' } },
      evil: {
        name: HOSTILE,
        year: 2001,
        rating: null,
        boxart: '/art/evil.svg',
        director: '"><img src=x onerror=alert(1)>',
      },
      'heat-1995': { name: 'Heat', year: { $type: 'atom', value: 1995 }, rating: { $type: 'atom', value: 8.3 } },
    },
  };
}

test("homeQuery asks for the row count, the rows, and the union of the components' title paths", () => {
  const query = homeQuery(3);
  assert.deepEqual(query[0], ['lists', 'length']);
  assert.deepEqual(query[1], ['lists', { from: 0, to: 2 }, [...TitleRow.paths]]);
  const [, range, cards, keys] = /** @type {any[]} */ (query[2]);
  assert.deepEqual(range, { from: 0, to: 2 });
  assert.deepEqual(cards, { from: 0, to: CARDS_PER_ROW - 1 });
  const union = new Set([...TitleCard.paths, ...TitleDetails.paths]);
  assert.deepEqual(new Set(keys), union, 'every key a card or its details reads, and nothing else');
  assert.equal(keys.length, union.size, 'no key asked twice');
  assert.deepEqual(query.slice(3), myListQuery(), 'then the My list row, which is always above the fold');
  assert.equal(query.length, 5);
});

test('homeQuery with no above-the-fold rows asks only for the count and My list', () => {
  assert.deepEqual(homeQuery(0), [['lists', 'length'], ...myListQuery()]);
});

test('rowQuery asks for one row with the same keys as the home query', () => {
  const [row, titles] = /** @type {any[][]} */ (rowQuery(7));
  const [, , homeRowKeys] = /** @type {any[]} */ (homeQuery(1)[1]);
  const [, , , homeTitleKeys] = /** @type {any[]} */ (homeQuery(1)[2]);
  assert.deepEqual(row, ['lists', 7, homeRowKeys]);
  assert.deepEqual(titles, ['lists', 7, { from: 0, to: CARDS_PER_ROW - 1 }, homeTitleKeys]);
});

test('homeProps reads the fetched rows and leaves the rest as placeholders (null)', () => {
  const props = homeProps(sampleCache(), 2);
  assert.equal(props.rowCount, 3);
  assert.equal(props.rows.length, 3);
  const [top, nineties, third] = props.rows;
  assert.equal(third, null, 'a row past atfRows is a placeholder');
  assert.ok(top && nineties);
  assert.equal(top.id, 'top-rated');
  assert.deepEqual(
    top.titles.map((t) => t.id),
    ['alien-1979', 'evil'],
    'ids come from the refs; the failed title is left out',
  );
  assert.deepEqual(top.titles[0], {
    id: 'alien-1979',
    name: 'Alien',
    year: 1979,
    rating: 8.5,
    boxart: '/art/alien-1979.svg',
    genre: 'Horror',
    director: 'Ridley Scott',
    runtime: 117,
    mpaa: 'R',
  });
  assert.equal('rating' in top.titles[1], false, 'a null rating is left out, not rendered as "null"');
  assert.deepEqual(
    nineties,
    {
      index: 1,
      id: 'decade-1990s',
      name: '1990s',
      titles: [{ id: 'heat-1995', name: 'Heat', year: 1995, rating: 8.3, boxart: '/art/heat-1995.svg' }],
    },
    'atoms are unwrapped; a missing boxart falls back to /art/<id>.svg',
  );
});

test('homeProps: rows past atfRows are placeholders even when the cache has them', () => {
  const props = homeProps(sampleCache(), 1);
  assert.equal(props.rows[1], null, 'the server and client agree on atfRows, not on what the cache holds');
  assert.deepEqual(
    homeProps(sampleCache(), 50).rows.map((r) => r?.index ?? null),
    [0, 1, null],
    'atfRows past the count is clamped',
  );
});

test('homeProps survives an empty or broken cache', () => {
  assert.deepEqual(homeProps({}, 3), { rowCount: 0, rows: [], myList: null });
  assert.deepEqual(homeProps({ lists: { length: 'many' } }, 3), { rowCount: 0, rows: [], myList: null });
  assert.equal(homeProps({ lists: { length: 1e9 } }, 3).rowCount, 100, 'a corrupt count is bounded');
  assert.deepEqual(homeProps({ lists: { length: 2, 0: { $type: 'error', value: {} } } }, 2).rows, [null, null]);
});

test('rowProps reads a row fetched later the same way', () => {
  const cache = sampleCache();
  assert.deepEqual(rowProps(cache, 1), homeProps(cache, 2).rows[1]);
  assert.equal(rowProps(cache, 2), null);
});

/** @param {ReturnType<typeof homeProps>} props */
const render = (props) => renderToString(createElement(App, { initial: { Component: HomePage, props, key: '/' } }));

test('the page renders rows, placeholders and cards with their data attributes', () => {
  const html = render(homeProps(sampleCache(), 2));
  assert.equal(html.match(/data-row-state="loaded"/g)?.length, 2);
  assert.equal(html.match(/data-row-state="placeholder"/g)?.length, 1);
  assert.match(html, /data-row-index="2" data-row-state="placeholder"/);
  assert.equal(html.match(/data-title-id="/g)?.length, 3);
  assert.match(html, /<a class="card__link" href="\/title\/alien-1979">/);
  assert.match(html, /aria-pressed="false"/, 'the info toggle starts closed');
  assert.match(html, /1979 · ★ 8\.5/);
});

test('posters: fixed size, a srcset from the id, one high-priority poster, later rows lazy', () => {
  const html = render(homeProps(sampleCache(), 2));
  const images = html.match(/<img [^>]*>/g) ?? [];
  assert.equal(images.length, 3);
  for (const img of images) {
    assert.match(img, /width="160" height="240" alt=""/);
    assert.match(img, /decoding="async"/, 'decoded off the main thread');
    assert.match(
      img,
      /class="card__art tint-\d{1,2}"/,
      'a placeholder tint, as a class (the CSP refuses style attributes)',
    );
  }
  assert.match(images[0], /src="\/art\/alien-1979\.160w\.v1\.webp"/);
  assert.match(images[0], /src="\/art\/alien-1979\.160w\.v1\.webp" srcSet="\/art\/alien-1979\.320w\.v1\.webp 2x"/);
  assert.match(images[0], /fetchPriority="high"/, "the first row's first card: the likely LCP");
  assert.doesNotMatch(images[1], /fetchPriority|loading=/, 'the rest of the first row: eager, normal priority');
  assert.match(images[2], /loading="lazy"/, 'a second-row poster waits for the viewport');
  assert.doesNotMatch(images[2], /fetchPriority/);
  // (React adds a <link rel="preload" fetchPriority="high"> for it: count the images.)
  assert.equal(images.filter((img) => /fetchPriority="high"/.test(img)).length, 1, 'exactly one high-priority poster');
});

test('a "My List" row above row 0 is eager but leaves the one high-priority poster to row 0', () => {
  const cache = sampleCache();
  Object.assign(cache, { myList: { length: 1, 0: $ref('heat-1995') } });
  const html = render(homeProps(cache, 2));
  const images = html.match(/<img [^>]*>/g) ?? [];
  assert.equal(images.length, 4);
  assert.doesNotMatch(images[0], /fetchPriority|loading=/, 'My List: eager, normal priority');
  assert.match(images[1], /fetchPriority="high"/);
  assert.equal(images.filter((img) => /fetchPriority="high"/.test(img)).length, 1);
});

test('hostile strings from the catalog are escaped, never markup', () => {
  const html = render(homeProps(sampleCache(), 2));
  assert.doesNotMatch(html, /<script>/, 'a title must not open a script element');
  assert.doesNotMatch(html, /<b>rated/, 'a row name must not become markup');
  assert.doesNotMatch(html, /<img src=x/, 'a director must not become markup');
  assert.match(html, /&lt;\/script&gt;&lt;script&gt;window.__pwned=1/);
  assert.match(html, /Top &lt;b&gt;rated&lt;\/b&gt;/);
});

test('the first render is a pure function of the cache (what hydration relies on)', () => {
  const a = render(homeProps(JSON.parse(JSON.stringify(sampleCache())), 2));
  const b = render(homeProps(sampleCache(), 2));
  assert.equal(a, b);
});
