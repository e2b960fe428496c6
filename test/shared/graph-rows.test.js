// @ts-check
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readPath, readBranch, readPathFrom, readRefFrom } from '../../shared/graph/read.js';
import { readRow, readTitles, readTitle } from '../../shared/graph/rows.js';

/** @param {(string | number)[]} path */
const $ref = (path) => ({ $type: 'ref', value: path });
const KEYS = Object.freeze(['name', 'year', 'rating', 'inMyList', 'genre', 'director', 'runtime', 'mpaa']);
const CARDS = 10;

/** A catalog of `rows` rows of CARDS cards each, every card a ref to a title with every key. */
function catalog(rows = 3) {
  /** @type {Record<string, any>} */
  const titlesById = {};
  /** @type {Record<string, any>} */
  const lists = { length: { $type: 'atom', value: rows } };
  for (let i = 0; i < rows; i++) {
    /** @type {Record<string, any>} */
    const row = { name: `Row ${i}`, id: `row-${i}`, length: CARDS };
    for (let j = 0; j < CARDS; j++) {
      const id = `film-${i}-${j}`;
      titlesById[id] = {
        name: `Film ${i}.${j}`,
        year: 1970 + j,
        rating: { $type: 'atom', value: 7.5 },
        inMyList: j === 2,
        genre: 'Drama',
        director: 'Someone',
        runtime: 100 + j,
        mpaa: { $type: 'atom' },
      };
      row[j] = $ref(['titlesById', id]);
    }
    lists[i] = row;
  }
  return { lists, titlesById, shortcut: $ref(['lists', 0]) };
}

/**
 * The cache, and how often a read looked up each of its top-level keys.
 * @param {Record<string, any>} cache
 */
function counted(cache) {
  /** @type {Record<string, number>} */
  const reads = {};
  const proxy = new Proxy(cache, {
    get(target, key, receiver) {
      if (typeof key === 'string') reads[key] = (reads[key] ?? 0) + 1;
      return Reflect.get(target, key, receiver);
    },
  });
  return { proxy, reads };
}

test('readRow reads a row as readPath reads each of its keys', () => {
  const cache = catalog();
  const row = readRow(cache, ['lists', 1], { index: 1, keys: KEYS, maxCards: CARDS });
  assert.ok(row);
  assert.equal(row.name, 'Row 1');
  assert.equal(row.id, 'row-1');
  assert.equal(row.titles.length, CARDS);
  row.titles.forEach((title, j) => {
    assert.equal(title.id, `film-1-${j}`);
    assert.equal(title.boxart, `/art/film-1-${j}.svg`);
    for (const key of KEYS) {
      const value = readPath(cache, ['lists', 1, j, key]);
      const expected = value != null && typeof value !== 'object' ? value : undefined;
      assert.equal(/** @type {Record<string, unknown>} */ (title)[key], expected, `${title.id}.${key}`);
    }
  });
  assert.deepEqual(
    readRow(cache, ['shortcut'], { index: 0, keys: KEYS, maxCards: 3 })?.titles.map((t) => t.id),
    ['film-0-0', 'film-0-1', 'film-0-2'],
    'a row reached through a ref',
  );
  assert.equal(readRow(cache, ['lists', 7], { index: 7, keys: KEYS, maxCards: CARDS }), null, 'a row not there');
});

test('readTitles and readTitle leave out what is missing or failed, as before', () => {
  const cache = catalog(1);
  cache.lists[0][1] = $ref(['titlesById', 'gone']);
  cache.lists[0][2] = { $type: 'error', value: { message: 'boom' } };
  cache.lists[0][3] = $ref(['listsById', 'not-a-title']);
  cache.titlesById['film-0-4'] = { $type: 'error', value: { message: 'boom' } };
  const ids = readTitles(cache, ['lists', 0], 6, { keys: KEYS, maxCards: CARDS }).map((t) => t.id);
  assert.deepEqual(ids, ['film-0-0', 'film-0-5']);
  assert.equal(readTitle(cache, ['titlesById', 'film-0-4'], 'film-0-4', KEYS), null);
  assert.equal(readTitle(cache, ['lists', 0, 0], 'film-0-0', ['name'])?.name, 'Film 0.0', 'through a ref');
});

test('readBranch, readPathFrom and readRefFrom read below a node as readPath from the root', () => {
  const cache = catalog(1);
  const row = readBranch(cache, ['shortcut']);
  assert.equal(row, cache.lists[0], 'refs followed to a branch');
  assert.equal(readPathFrom(cache, row, [0, 'year']), 1970, 'refs below the node resolve from the root');
  assert.equal(readPathFrom(cache, row, ['__proto__']), undefined);
  assert.deepEqual(readRefFrom(row, 0), ['titlesById', 'film-0-0']);
  assert.equal(readRefFrom(row, 'name'), undefined, 'not a ref');
  assert.equal(readBranch(cache, ['lists', 0, 'name']), undefined, 'a leaf is no branch');
  assert.equal(readBranch(cache, ['titlesById', 'film-0-0', 'rating']), undefined, 'an atom is no branch');
});

test("a row's cards are read from its node: the graph's root once per row and once per card", () => {
  const { proxy, reads } = counted(catalog(3));
  const row = readRow(proxy, ['lists', 2], { index: 2, keys: KEYS, maxCards: CARDS });
  assert.equal(row?.titles.length, CARDS);
  assert.equal(
    reads.lists,
    1,
    `lists was read ${reads.lists} times for one row: read the row's node once (readBranch), then its keys from it (readPathFrom)`,
  );
  assert.equal(
    reads.titlesById,
    CARDS,
    `titlesById was read ${reads.titlesById} times for ${CARDS} cards: follow each card's ref once, then read its keys from the title's node`,
  );
});
