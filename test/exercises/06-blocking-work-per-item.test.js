// @ts-check
// Exercise 06 (perf/exercises/06-blocking-work-per-item): cards format their
// rating and runtime with formatters made once per process, never a new
// Intl.NumberFormat per card. Behaviour, not speed: formatters counted while
// rows and a page render; it fails with the unfixed patch in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { TitleRow } from '../../shared/components/TitleRow.jsx';
import { startApp } from '../helpers/app.js';
import { rowsOf, textOf } from '../helpers/markup.js';
import { formattersMadeDuring } from '../helpers/card-formatters.js';

/** @type {import('../../shared/graph/types.js').Row} */
const ROW = {
  index: 0,
  id: 'l0',
  name: 'Drama',
  titles: Array.from({ length: 10 }, (_, i) => ({
    id: `t${i}`,
    name: `Film ${i}`,
    year: 1990 + i,
    rating: 7 + i / 10,
    runtime: 95 + i,
    boxart: '',
  })),
};

// A card formats its rating; its runtime only in the details, filled once opened (TitleDetails.jsx).
test('a row of cards makes no formatter: the cards reuse those made at start', async () => {
  let html = '';
  const made = await formattersMadeDuring(() => (html = renderToString(createElement(TitleRow, { row: ROW }))));
  assert.equal(made, 0, `${made} formatters made for ${ROW.titles.length} cards`);
  assert.match(textOf(html), /1995 · ★ 7\.5/);
});

test('the real page path: GET / makes no formatter for its cards', async () => {
  const app = await startApp();
  try {
    await fetch(`${app.url}/`).then((r) => r.text()); // the shared graph cache warm
    let html = '';
    const made = await formattersMadeDuring(async () => {
      html = await fetch(`${app.url}/`).then((r) => r.text());
    });
    const cards = rowsOf(html).flatMap((row) => row.cards).length;
    assert.ok(cards >= 20, `cards on the page: ${cards}`);
    assert.equal(made, 0, `the page made ${made} formatters for ${cards} cards`);
  } finally {
    await app.close();
  }
});
