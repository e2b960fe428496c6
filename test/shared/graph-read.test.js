// @ts-check
import { test } from 'node:test';
import assert from 'node:assert/strict';
import falcor from 'falcor';
import { readPath, readRef, MAX_REF_HOPS } from '../../shared/graph/read.js';

/** @param {(string | number)[]} path */
const $ref = (path) => ({ $type: 'ref', value: path });
const $error = (message = 'boom') => ({ $type: 'error', value: { message } });

const cache = {
  lists: {
    length: { $type: 'atom', value: 2 },
    0: {
      name: 'Top rated',
      id: 'top-rated',
      length: 3,
      0: $ref(['titlesById', 'alien-1979']),
      1: $ref(['titlesById', 'gone']),
      2: $ref(['titlesById', 'bad']),
    },
    1: $error('list failed'),
  },
  shortcut: $ref(['lists', 0]),
  titlesById: {
    'alien-1979': {
      name: 'Alien',
      year: 1979,
      rating: { $type: 'atom', value: null },
      tagline: { $type: 'atom' },
      boxart: '/art/alien-1979.svg',
    },
    bad: $error(),
  },
};

test('readPath reads primitives and unwraps atoms', () => {
  assert.equal(readPath(cache, ['lists', 'length']), 2);
  assert.equal(readPath(cache, ['lists', 0, 'name']), 'Top rated');
  assert.equal(readPath(cache, ['lists', '0', 'length']), 3, 'numeric and string keys are the same key');
  assert.equal(readPath(cache, ['titlesById', 'alien-1979', 'rating']), null, 'an atom of null is null');
  assert.equal(readPath(cache, ['titlesById', 'alien-1979', 'tagline']), undefined, 'an empty atom is missing');
});

test('readPath follows refs in the middle and at the end of a path', () => {
  assert.equal(readPath(cache, ['lists', 0, 0, 'name']), 'Alien');
  assert.equal(readPath(cache, ['shortcut', 0, 'year']), 1979, 'a ref whose target holds refs');
  assert.equal(
    readPath(cache, ['lists', 0, 0]),
    cache.titlesById['alien-1979'],
    'a final ref reads as its target branch',
  );
});

test('readPath answers undefined for missing, error and dangling nodes', () => {
  assert.equal(readPath(cache, ['lists', 5, 'name']), undefined);
  assert.equal(readPath(cache, ['lists', 1, 'name']), undefined, 'below an error');
  assert.equal(readPath(cache, ['lists', 1]), undefined, 'an error itself');
  assert.equal(readPath(cache, ['lists', 0, 1, 'name']), undefined, 'a ref to a title not in the cache');
  assert.equal(readPath(cache, ['lists', 0, 2, 'name']), undefined, 'a ref to an error');
  assert.equal(readPath(cache, ['lists', 0, 'name', 'length']), undefined, 'no keys below a primitive');
  assert.equal(readPath(undefined, ['lists']), undefined);
  assert.equal(readPath(null, ['lists']), undefined);
});

test('readPath never reaches Object.prototype', () => {
  for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
    assert.equal(readPath(cache, ['lists', key]), undefined, key);
    assert.equal(readPath(cache, [key]), undefined, key);
  }
  const parsed = JSON.parse('{"__proto__": {"name": "own"}}');
  assert.equal(readPath(parsed, ['__proto__', 'name']), 'own', 'an own __proto__ key from JSON is just data');
});

test('readPath stops on ref cycles and over-long ref chains instead of hanging', () => {
  const cyclic = { a: $ref(['b']), b: $ref(['a']), self: { next: $ref(['self', 'next']) } };
  assert.equal(readPath(cyclic, ['a', 'x']), undefined);
  assert.equal(readPath(cyclic, ['self', 'next']), undefined);

  /** @type {Record<string, unknown>} */
  const chain = { end: { value: 'reached' } };
  const chainOf = (/** @type {number} */ n) => {
    for (let i = 0; i < n; i++) chain[`r${i}`] = $ref([i === 0 ? 'end' : `r${i - 1}`]);
    return `r${n - 1}`;
  };
  assert.equal(readPath(chain, [chainOf(MAX_REF_HOPS), 'value']), 'reached', 'a chain within the limit is followed');
  assert.equal(readPath(chain, [chainOf(MAX_REF_HOPS + 1), 'value']), undefined, 'one hop over the limit is not');
});

test('readPath ignores malformed refs', () => {
  assert.equal(readPath({ a: { $type: 'ref', value: 'titlesById' } }, ['a', 'x']), undefined);
  assert.equal(readPath({ a: { $type: 'ref' } }, ['a']), undefined);
  assert.equal(readPath({ a: { $type: 'mystery', value: 1 } }, ['a']), undefined, 'unknown $types are not values');
});

test('readRef gives the target of a ref (where ids live), following refs before it', () => {
  assert.deepEqual(readRef(cache, ['lists', 0, 0]), ['titlesById', 'alien-1979']);
  assert.deepEqual(readRef(cache, ['shortcut', 0]), ['titlesById', 'alien-1979']);
  assert.equal(readRef(cache, ['lists', 0, 'name']), undefined, 'not a ref');
  assert.equal(readRef(cache, ['lists', 9, 0]), undefined);
  assert.equal(readRef(cache, []), undefined);
  const target = readRef(cache, ['lists', 0, 0]);
  target?.push('mutated');
  assert.deepEqual(readRef(cache, ['lists', 0, 0]), ['titlesById', 'alien-1979'], 'the cache is not handed out');
});

test('readPath agrees with falcor on what falcor getCache() returns', async () => {
  const model = new falcor.Model({ cache: structuredClone(cache) });
  const paths = /** @type {any[]} */ ([
    ['lists', 'length'],
    ['lists', 0, ['name', 'id', 'length']],
    ['lists', 0, 0, ['name', 'year', 'rating', 'boxart']],
  ]);
  await model.get(...paths);
  const exported = model.getCache();
  for (const path of [
    ['lists', 'length'],
    ['lists', 0, 'name'],
    ['lists', 0, 0, 'name'],
    ['lists', 0, 0, 'year'],
    ['lists', 0, 0, 'rating'],
  ]) {
    assert.deepEqual(readPath(exported, path), await model.getValue(/** @type {any} */ (path)), path.join('.'));
  }
  assert.deepEqual(readRef(exported, ['lists', 0, 0]), ['titlesById', 'alien-1979']);
});
