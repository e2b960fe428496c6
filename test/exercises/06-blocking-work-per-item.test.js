// @ts-check
// Exercise 06 (perf/exercises/06-blocking-work-per-item): EXERCISE=06 makes
// every card format its rating and runtime with a new Intl.NumberFormat, made
// for that one call; normally each kind has one formatter, made once per
// process. Behaviour, not speed: formatters made per card, and the same page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { loadConfig } from '../../server/config/load.js';
import { renderSettingsFor } from '../../server/render/render-settings.js';
import { TitleRow } from '../../shared/components/TitleRow.jsx';
import { RenderSettings } from '../../shared/components/RenderSettings.js';
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

/** A row as the app's pages render it: under the app's render settings, made once from its config. */
const renderRow = (/** @type {import('../../shared/components/RenderSettings.js').Settings} */ settings) =>
  renderToString(createElement(RenderSettings.Provider, { value: settings }, createElement(TitleRow, { row: ROW })));

test('EXERCISE=06 sets formatCardsPerItem; nothing else does', () => {
  assert.equal(loadConfig({ EXERCISE: '06' }).exercise.formatCardsPerItem, true);
  assert.equal(loadConfig({}).exercise.formatCardsPerItem, false);
  assert.equal(loadConfig({ EXERCISE: '09' }).exercise.formatCardsPerItem, false);
});

// A card formats its rating; its runtime only in the details, filled once opened (TitleDetails.jsx).
test('EXERCISE=06: a formatter made per card (its rating); normally none; the same HTML', async () => {
  /** @type {Record<string, string>} */
  const html = {};
  /** @type {Record<string, number>} */
  const made = {};
  for (const [side, env] of Object.entries({ broken: { EXERCISE: '06' }, fixed: {} })) {
    const settings = renderSettingsFor(loadConfig(env));
    made[side] = await formattersMadeDuring(() => (html[side] = renderRow(settings)));
  }
  assert.equal(made.broken, ROW.titles.length);
  assert.equal(
    made.fixed,
    0,
    `the cards reuse the formatters made at start: ${made.fixed} made for ${ROW.titles.length} cards`,
  );
  assert.equal(html.broken, html.fixed);
  assert.match(textOf(html.fixed), /1995 · ★ 7\.5/);
});

test('the real page path: EXERCISE=06 makes formatters per card on GET /, the default none, same cards', async () => {
  /** @type {Record<string, { made: number, html: string }>} */
  const pages = {};
  for (const [side, env] of Object.entries({ broken: { EXERCISE: '06' }, fixed: {} })) {
    const app = await startApp({ env });
    try {
      await fetch(`${app.url}/`).then((r) => r.text()); // the shared graph cache warm
      let html = '';
      const made = await formattersMadeDuring(async () => {
        html = await fetch(`${app.url}/`).then((r) => r.text());
      });
      pages[side] = { made, html };
    } finally {
      await app.close();
    }
  }
  const cards = rowsOf(pages.fixed.html).flatMap((row) => row.cards).length;
  assert.ok(cards >= 20, `cards on the page: ${cards}`);
  // A formatter per card that shows a rating (a title without one formats nothing).
  const rated = (pages.fixed.html.match(/<span class="card__meta">[^<]*★/g) ?? []).length;
  assert.ok(rated >= 20, `rated cards on the page: ${rated}`);
  assert.ok(pages.broken.made >= rated, `formatters made for ${rated} rated cards: ${pages.broken.made}`);
  assert.equal(pages.fixed.made, 0, `the normal page made ${pages.fixed.made} formatters for ${cards} cards, not 0`);
  assert.deepEqual(rowsOf(pages.broken.html), rowsOf(pages.fixed.html));
  const cardText = (/** @type {string} */ html) => [...html.matchAll(/<li class="card".*?<\/li>/gs)].map((m) => m[0]);
  assert.deepEqual(cardText(pages.broken.html), cardText(pages.fixed.html), 'the same cards, to the byte');
});
