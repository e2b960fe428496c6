// @ts-check
// Exercise 05 (perf/exercises/05-above-the-fold): ATF_ROWS=all makes the
// server read and render every row, after one more round trip for their
// count; the default reads the first 3 and leaves the rest to the client.
// Behaviour, not speed (test/server/pages/home-page.test.js renders both for real).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../server/config/load.js';
import { headQuery, query, props } from '../../shared/pages/home.js';

const head = { lists: { length: 27 } };
/** @param {import('../../shared/graph/types.js').PathSet[]} paths the rows a query reads */
const rowsRead = (paths) => paths.find((p) => p[0] === 'lists' && p.length === 3)?.[1];

test('ATF_ROWS=all: a head query for the row count, then every row on the server', () => {
  const options = { rows: loadConfig({ ATF_ROWS: 'all' }).page.atfRows };
  assert.deepEqual(headQuery({}, options), [['lists', 'length']], 'one more round trip before the rows');
  assert.deepEqual(rowsRead(query({}, options, head)), { from: 0, to: 26 });
  assert.equal(props(head, {}, options).rows.length, 27);
});

test('the default: no head query, 3 rows on the server, the rest placeholders for the client', () => {
  const options = { rows: loadConfig({}).page.atfRows };
  assert.deepEqual(headQuery({}, options), [], 'no query before the rows (a row count first is one more round trip)');
  assert.deepEqual(rowsRead(query({}, options, head)), { from: 0, to: 2 });
  const rows = props(head, {}, options).rows;
  assert.equal(rows.length, 27);
  assert.ok(
    rows.slice(3).every((row) => row === null),
    'below the fold: placeholders',
  );
});
