// @ts-check
// What the server renders for posters (issue 26): a row's first few cards
// with their poster, the others a placeholder of the same size that asks for
// nothing on a phone, with a noscript copy for pages without JavaScript; the page's one
// high-priority poster unchanged.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from '../helpers/app.js';
import { FIRST_POSTERS } from '../../shared/components/poster-reach.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  app = await startApp({ env: { ATF_ROWS: '3' } });
});
after(() => app?.close());

/** The cards of a server-rendered row, as HTML. */
const cardsOf = (/** @type {string} */ html, /** @type {number} */ row) => {
  const start = html.indexOf(`data-row-index="${row}"`);
  assert.ok(start >= 0, `row ${row} is server-rendered`);
  const section = html.slice(start, html.indexOf('</section>', start));
  return section.split('<li class="card"').slice(1);
};

test('a row renders its first posters; the others are placeholders with a noscript copy', async () => {
  const html = await (await fetch(`${app.url}/`)).text();
  for (const row of [0, 1, 2]) {
    const cards = cardsOf(html, row);
    assert.ok(cards.length > FIRST_POSTERS, `row ${row}: more cards than posters at first`);
    cards.forEach((card, position) => {
      const shown = /<img class="card__art [^"]*"[^>]*>/.exec(card)?.[0] ?? '';
      assert.match(shown, /width="160" height="240"/, 'every poster keeps its size: no layout shift');
      if (position < FIRST_POSTERS) {
        assert.match(shown, /src="[^"]+\.160w\.[^"]+" srcSet="[^"]+\.320w\.[^"]+ 2x"/, `row ${row} card ${position}`);
        assert.doesNotMatch(card, /<noscript>/);
      } else {
        assert.match(shown, /card__art--later/, `row ${row} card ${position}: a placeholder`);
        assert.doesNotMatch(shown, /src/i, 'that asks for nothing');
        assert.match(card, /<noscript><img class="card__art [^"]*" src="[^"]+" srcSet="[^"]+"/, 'the no-JS poster');
        // A laptop's first viewport loads from the markup: a source for wide enough viewports only.
        const from = Number(/<source media="\(min-width: (\d+)px\)" srcSet="[^" ]+, [^"]+ 2x"/.exec(card)?.[1]);
        assert.ok(
          from > 412 + 100 * (position - FIRST_POSTERS),
          `row ${row} card ${position}: not on a phone (${from})`,
        );
      }
    });
  }
  const high = html.match(/<img [^>]*fetchPriority="high"[^>]*>/g) ?? [];
  assert.equal(high.length, 1, 'one high-priority poster');
  assert.ok(cardsOf(html, 0)[0].includes(high[0]), "row 0's first card's");
  assert.doesNotMatch(high[0], /loading=/, 'not lazy');
  assert.match(html, /<noscript><style nonce="[^"]+">\.card__art--later \{ display: none; \}<\/style><\/noscript>/);
});
