// @ts-check
// Exercise 09 (perf/exercises/09-props-through-stacks): a row renders its
// cards themselves, each handed its title as one grouped prop, never spread
// into loose props through layers of pass-through components (Netflix's TV
// UI, 2017: 100 levels deep, 100 props). Behaviour, not speed: what happens
// to a card's title on its way to the card; it fails with the unfixed patch in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { TitleRow } from '../../shared/components/TitleRow.jsx';
import { textOf } from '../helpers/markup.js';

/**
 * A row of titles that note what is done with them: their fields read one by
 * one (a card showing them), or the whole title copied (spread, Object.keys …).
 */
function watchedRow() {
  const seen = { copied: 0, read: 0 };
  const titles = Array.from({ length: 10 }, (_, i) => {
    const title = { id: `t${i}`, name: `Film ${i}`, year: 1990 + i, rating: 7 + i / 10, runtime: 95 + i, boxart: '' };
    return new Proxy(title, {
      ownKeys(target) {
        seen.copied += 1;
        return Reflect.ownKeys(target);
      },
      get(target, key, receiver) {
        if (key === 'name') seen.read += 1;
        return Reflect.get(target, key, receiver);
      },
    });
  });
  /** @type {import('../../shared/graph/types.js').Row} */
  const row = { index: 0, id: 'l0', name: 'Drama', titles };
  return { row, seen };
}

test('a row hands each card its title as it is: read by the card, never copied on the way', () => {
  const { row, seen } = watchedRow();
  const html = renderToString(createElement(TitleRow, { row }));
  assert.match(textOf(html), /Film 9/);
  assert.ok(seen.read >= row.titles.length, `the cards read their titles' names (${seen.read} reads)`);
  assert.equal(seen.copied, 0, `titles copied ${seen.copied} times between the row and its cards`);
});
