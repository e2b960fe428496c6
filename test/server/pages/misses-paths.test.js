// @ts-check
// missesPaths (server/pages/degraded.js): whether a page's query came back
// whole, checked at a cost per path set, not per card.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { missesPaths } from '../../../server/pages/degraded.js';

const KEYS = ['name', 'year', 'rating', 'inMyList'];
const ROWS = 5;
const CARDS = 10;

/** @param {(string | number)[]} path */
const $ref = (path) => ({ $type: 'ref', value: path });

function graph() {
  /** @type {Record<string, any>} */
  const titlesById = {};
  /** @type {Record<string, any>} */
  const lists = { length: ROWS };
  for (let i = 0; i < ROWS; i++) {
    lists[i] = { name: `Row ${i}` };
    for (let j = 0; j < CARDS; j++) {
      titlesById[`t-${i}-${j}`] = { name: 'A film', year: 1990, rating: 7, inMyList: false };
      lists[i][j] = $ref(['titlesById', `t-${i}-${j}`]);
    }
  }
  return { lists, titlesById };
}

/** The home page's query shape: rows, their cards, the cards' keys. @param {string[]} keys */
const query = (keys) => [
  ['lists', 'length'],
  ['lists', { from: 0, to: ROWS - 1 }, ['name']],
  ['lists', { from: 0, to: ROWS - 1 }, { from: 0, to: CARDS - 1 }, keys],
];

test('missesPaths finds a key, a card or a row left out, and nothing when all is there', () => {
  assert.equal(missesPaths(graph(), query(KEYS)), false);
  const noYear = graph();
  delete noYear.titlesById['t-4-9'].year;
  assert.equal(missesPaths(noYear, query(KEYS)), true, 'a key of the last card');
  const noTitle = graph();
  delete noTitle.titlesById['t-2-3'];
  assert.equal(missesPaths(noTitle, query(KEYS)), true, 'a title a ref points to');
  const noRow = graph();
  delete noRow.lists[3];
  assert.equal(missesPaths(noRow, query(KEYS)), true, 'a row');
  const emptyAtom = graph();
  emptyAtom.titlesById['t-0-0'].rating = { $type: 'atom' };
  assert.equal(missesPaths(emptyAtom, query(KEYS)), false, 'an empty atom is an answer ("nothing there")');
});

test("missesPaths expands a path set's keys once, not once per card", () => {
  let reads = 0;
  // Counts each time the cards' key set is walked (its length read to expand it).
  const keys = new Proxy([...KEYS], {
    get(target, key, receiver) {
      if (key === 'length') reads += 1;
      return Reflect.get(target, key, receiver);
    },
  });
  assert.equal(missesPaths(graph(), query(keys)), false);
  assert.ok(
    reads <= 2,
    `the cards' key set was walked ${reads} times for ${ROWS * CARDS} cards: expand each path set's keys once (path.map(keysOf)), then walk the graph`,
  );
});
