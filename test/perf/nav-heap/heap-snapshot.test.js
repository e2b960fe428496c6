// @ts-check
// perf:nav-heap's split of a heap snapshot: compiled code, JS objects and
// native objects, read from a real V8 snapshot (this process's own), so that
// a heap growing in code can be told from one keeping data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getHeapSnapshot } from 'node:v8';
import { heapKinds } from '../../../perf/nav-heap/heap-snapshot.js';

/** This process's heap, as a .heapsnapshot text. */
async function ownSnapshot() {
  let json = '';
  for await (const chunk of getHeapSnapshot()) json += chunk;
  return json;
}

test('a real snapshot splits into code and JS objects; 4 MB more of arrays shows under JS objects', async () => {
  const before = heapKinds(await ownSnapshot());
  assert.ok(before.codeKB > 0, 'some compiled code');
  assert.ok(before.objectsKB > 0, 'some JS objects');
  // Kept alive across the second snapshot: 1,000 arrays of 1,000 small numbers (8 bytes a slot at least).
  const kept = Array.from({ length: 1000 }, (_, i) => Array.from({ length: 1000 }, (_, j) => (i + j) % 100));
  const after = heapKinds(await ownSnapshot());
  assert.ok(after.objectsKB - before.objectsKB >= 3900, `JS objects grew ${after.objectsKB - before.objectsKB} KB`);
  assert.ok(after.codeKB - before.codeKB < 1000, `code grew ${after.codeKB - before.codeKB} KB: not where data goes`);
  assert.equal(kept.length, 1000);
});

test('a file that is not a heap snapshot says so', () => {
  assert.throws(
    () => heapKinds('{"snapshot":{"meta":{"node_fields":[],"node_types":[[]]}},"nodes":[]}'),
    /not a V8 heap snapshot/,
  );
  assert.throws(() => heapKinds('not json'), SyntaxError);
});
