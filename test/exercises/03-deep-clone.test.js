// @ts-check
// Exercise 03 (perf/exercises/03-deep-clone): a read of the shared catalog
// graph copies only the paths asked for, never a clone of the whole cache
// (JSON.parse(JSON.stringify(…)), the Financial Times' pitfall). Behaviour,
// not speed: what a read answers and what it parses; it fails with the
// unfixed patch in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../server/config/load.js';
import { createSharedGraph } from '../../server/graph-cache/shared-graph.js';
import { createRouter } from '../../server/falcor/router.js';
import { createCatalogClients } from '../../server/upstream/index.js';
import { TitleCard } from '../../shared/components/TitleCard.jsx';
import { createFakeUpstream } from '../helpers/fake-upstream.js';

/** What a home page asks of the shared cache: three rows and their cards, through refs. */
const HOME = [
  ['lists', 'length'],
  ['lists', { from: 0, to: 2 }, ['id', 'name', 'length']],
  ['lists', { from: 0, to: 2 }, { from: 0, to: 9 }, [...TitleCard.paths]],
];
/** Another page's rows: in the cache afterwards, never on the home page. */
const ELSEWHERE = [['lists', 4, { from: 30, to: 39 }, [...TitleCard.paths]]];

function sharedGraph() {
  const clients = createCatalogClients(/** @type {any} */ (createFakeUpstream({ latencyMs: 0 })));
  const { graphCache } = loadConfig({ NODE_ENV: 'test' });
  return createSharedGraph({ createSource: () => createRouter({ clients }), ...graphCache });
}

/** Every string JSON.parse is handed while `read` runs. */
async function parsedDuring(/** @type {() => Promise<unknown>} */ read) {
  const parse = JSON.parse;
  /** @type {string[]} */
  const texts = [];
  JSON.parse = (text, reviver) => {
    texts.push(String(text));
    return parse(text, reviver);
  };
  try {
    return { answer: await read(), texts };
  } finally {
    JSON.parse = parse;
  }
}

test("a read answers the page's paths, parsing nothing and carrying no other page's data", async () => {
  const graph = sharedGraph();
  try {
    await graph.read(HOME);
    const elsewhere = /** @type {any} */ (await graph.read(ELSEWHERE)).lists[4][30].value[1];
    const { answer, texts } = await parsedDuring(() => graph.read(HOME));
    assert.ok(JSON.stringify(answer).includes('"titlesById"'), 'titles reached through the rows');
    assert.ok(!JSON.stringify(answer).includes(elsewhere), "another page's title is not on the home page");
    assert.equal(texts.length, 0, `the read parsed ${texts.length} texts, ${texts.join('').length} characters`);
  } finally {
    graph.close();
  }
});
