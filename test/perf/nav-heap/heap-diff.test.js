// @ts-check
// perf:nav-heap's snapshot diff by constructor (issue 38): what a long visit
// keeps shows as the group whose count and size grew between two snapshots,
// read from real V8 snapshots of this process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getHeapSnapshot } from 'node:v8';
import { formatDiff, heapByConstructor, heapDiff } from '../../../perf/nav-heap/heap-diff.js';

/** Named so the diff can find it among this process's own objects. */
class KeptByTheTest {
  /** @param {number} i */
  constructor(i) {
    this.i = i;
  }
}

async function ownSnapshot() {
  let json = '';
  for await (const chunk of getHeapSnapshot()) json += chunk;
  return heapByConstructor(json);
}

test('5,000 objects kept between two snapshots lead the diff, counted exactly', async () => {
  const before = await ownSnapshot();
  const kept = Array.from({ length: 5000 }, (_, i) => new KeptByTheTest(i));
  const after = await ownSnapshot();
  const rows = heapDiff(before, after, 5);
  const row = rows.find((r) => r.key === 'object KeptByTheTest');
  assert.ok(row, `KeptByTheTest among the 5 that grew most:\n${formatDiff(rows)}`);
  assert.equal(row.countDelta, 5000);
  assert.equal(row.count, 5000);
  assert.ok(row.bytesDelta >= 5000 * 12, `${row.bytesDelta} bytes for 5,000 objects`);
  assert.match(formatDiff([row]), /object KeptByTheTest +5000 \(\+5000\) +[\d.]+ KB \(\+[\d.]+ KB\)/);
  assert.equal(kept.length, 5000);
});

test('a file that is not a heap snapshot says so', () => {
  assert.throws(
    () => heapByConstructor('{"snapshot":{"meta":{"node_fields":[],"node_types":[[]]}},"nodes":[]}'),
    /not a V8 heap snapshot/,
  );
});
