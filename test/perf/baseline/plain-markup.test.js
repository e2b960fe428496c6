// @ts-check
// The plain reference page with PLAIN_CARD_MARKUP=marquee sends, card for
// card, the HTML Marquee's server sends (up to React's generated ids and the
// tint picked per title): otherwise perf:load --per-card's split of the cost
// per card into markup and machinery measures something else. When Marquee's
// card changes, this fails until perf/baseline/plain-cards.js follows it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ensureClientBuild, startApp, startCatalog } from '../../../deploy/lib/processes.js';
import { ROOT } from '../../../server/paths.js';

const PLAIN_BUNDLE = { entry: 'perf/baseline/plain.js', outfile: path.join(ROOT, 'dist/plain.js') };

/** @param {string} html @returns {string[]} each card's HTML, React's ids and the tint number left out */
function cardsOf(html) {
  return [...html.matchAll(/<li class="card".*?<\/li>/g)].map(([card]) =>
    card.replace(/_R_[0-9a-z]+_/g, 'ID').replace(/tint-\d+/g, 'tint'),
  );
}

test(
  "PLAIN_CARD_MARKUP=marquee: the plain page's cards are Marquee's, element for element",
  { timeout: 90_000 },
  async (t) => {
    await ensureClientBuild();
    const catalog = await startCatalog({ latencyMs: 0, jitterMs: 0, cpus: null });
    t.after(() => catalog.stop());
    const marquee = await startApp({
      catalogUrl: catalog.url,
      cpus: null,
      env: { ATF_ROWS: 'all', LOG_LEVEL: 'warn' },
    });
    t.after(() => marquee.stop());
    const plain = await startApp({
      catalogUrl: catalog.url,
      cpus: null,
      env: { PLAIN_CARDS: '200', PLAIN_CARD_MARKUP: 'marquee' },
      bundle: PLAIN_BUNDLE,
    });
    t.after(() => plain.stop());
    const plainDefault = await startApp({
      catalogUrl: catalog.url,
      cpus: null,
      env: { PLAIN_CARDS: '30' },
      bundle: PLAIN_BUNDLE,
    });
    t.after(() => plainDefault.stop());

    const [ours, theirs, simple] = await Promise.all(
      [marquee, plain, plainDefault].map(async (app) => cardsOf(await (await fetch(new URL('/', app.url))).text())),
    );
    assert.equal(theirs.length, 200);
    // Both pages list the catalog's rows in its order, ten cards a row: the first 200 are the same titles.
    for (let i = 0; i < theirs.length; i += 1) assert.equal(theirs[i], ours[i], `card ${i}`);
    assert.match(simple[0], /^<li class="card"><a href=/, 'the default markup is still the plain card');
  },
);
