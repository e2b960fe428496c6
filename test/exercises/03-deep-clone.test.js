// @ts-check
// Exercise 03 (perf/exercises/03-deep-clone): EXERCISE=03 makes every read of
// the shared catalog graph deep-clone the whole cache first
// (JSON.parse(JSON.stringify(…)), the Financial Times' pitfall); normally a
// read copies only the paths asked for. Behaviour, not speed: the same answer,
// and a clone whose size is the cache's, not the page's.
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

/** @param {Record<string, string>} env */
function sharedGraphFor(env) {
  const clients = createCatalogClients(/** @type {any} */ (createFakeUpstream({ latencyMs: 0 })));
  const { graphCache } = loadConfig({ NODE_ENV: 'test', ...env });
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

test('EXERCISE=03: a read clones the whole cache, yet answers exactly what the normal read does', async () => {
  const broken = sharedGraphFor({ EXERCISE: '03' });
  const fixed = sharedGraphFor({});
  try {
    for (const graph of [broken, fixed]) {
      await graph.read(HOME);
      await graph.read(ELSEWHERE);
    }
    const clone = await parsedDuring(() => broken.read(HOME));
    const copy = await parsedDuring(() => fixed.read(HOME));
    // falcor's $size bookkeeping aside (getCache() of everything leaves it out).
    const data = (/** @type {unknown} */ graph) =>
      JSON.parse(JSON.stringify(graph, (key, value) => (key === '$size' ? undefined : value)));
    assert.deepEqual(data(clone.answer), data(copy.answer), 'the same JSON Graph for the page');
    assert.ok(JSON.stringify(copy.answer).includes('"titlesById"'), 'titles reached through the rows');

    // A title only another page read: the clone carried it, the normal read never touched it.
    const elsewhere = /** @type {any} */ (await fixed.read(ELSEWHERE)).lists[4][30].value[1];
    assert.ok(!JSON.stringify(copy.answer).includes(elsewhere), 'not on the home page');
    assert.ok(
      clone.texts.some((text) => text.includes(elsewhere)),
      'EXERCISE=03 parsed a copy of the whole cache',
    );
    assert.equal(copy.texts.length, 0, 'the normal read parses nothing');
  } finally {
    broken.close();
    fixed.close();
  }
});
