// @ts-check
// The visitor's store (shared/visitor-store.js): optimistic changes, each
// listener told once per change, rollbacks with a notice, the page's own
// latest click winning over an earlier one's failure, and the My List row
// handed out as the same object until it changes (a subscriber re-renders
// only when what it selected did).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createVisitorStore } from '../../shared/visitor-store.js';

const TITLE = /** @type {import('../../shared/graph/types.js').Title} */ (
  /** @type {unknown} */ ({ id: 'heat-1995', name: 'Heat', inMyList: false })
);
const OTHER = /** @type {import('../../shared/graph/types.js').Title} */ (
  /** @type {unknown} */ ({ id: 'alien-1979', name: 'Alien', inMyList: true })
);

/** Services whose answers the test settles by hand. */
function heldServices() {
  /** @type {{ kind: string, id: string, value: unknown, reject: (e: unknown) => void }[]} */
  const calls = [];
  const hold = (/** @type {string} */ kind) => (/** @type {string} */ id, /** @type {unknown} */ value) =>
    new Promise((_resolve, reject) => calls.push({ kind, id, value, reject }));
  return { calls, services: { changeMyList: hold('myList'), rate: hold('rate') } };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test('a toggle shows at once, tells each listener once, and sends the change', () => {
  const { calls, services } = heldServices();
  const store = createVisitorStore(services);
  let told = 0;
  store.subscribe(() => told++);
  store.toggleMyList(TITLE);
  assert.equal(told, 1);
  assert.equal(store.inMyList(TITLE), true);
  assert.equal(store.inMyList(OTHER), true, "the server's word stands for titles not changed here");
  assert.deepEqual(
    calls.map(({ kind, id, value }) => ({ kind, id, value })),
    [{ kind: 'myList', id: 'heat-1995', value: true }],
  );
  assert.deepEqual(
    store.myListRow(null)?.titles.map((t) => t.id),
    ['heat-1995'],
  );
});

test('the My List row is the same object until the list or the row changes', () => {
  const { services } = heldServices();
  const store = createVisitorStore(services);
  const row = { index: -1, id: 'my-list', name: 'My List', titles: [OTHER] };
  assert.equal(store.myListRow(row), row, 'no change: the server row itself');
  store.toggleMyList(TITLE);
  const shown = store.myListRow(row);
  assert.deepEqual(
    shown?.titles.map((t) => t.id),
    ['heat-1995', 'alien-1979'],
  );
  assert.equal(store.myListRow(row), shown, 'asked again, nothing changed: the same object');
  store.rate(TITLE, 4);
  assert.equal(store.myListRow(row), shown, 'a rating is not a change of the list');
  store.toggleMyList(OTHER);
  assert.deepEqual(
    store.myListRow(row)?.titles.map((t) => t.id),
    ['heat-1995'],
  );
});

test('a refused change is rolled back with a notice; a full list says so in its own words', async () => {
  const { calls, services } = heldServices();
  const store = createVisitorStore(services);
  store.toggleMyList(TITLE);
  calls[0].reject(new Error('offline'));
  await settle();
  assert.equal(store.inMyList(TITLE), false);
  assert.equal(store.notice(), 'Could not add “Heat” to My List. Please try again.');

  store.toggleMyList(TITLE);
  assert.equal(store.notice(), '', 'a new change clears the last notice');
  calls[1].reject([{ value: { message: 'My List is full (500 titles)' } }]);
  await settle();
  assert.equal(store.inMyList(TITLE), false);
  assert.equal(store.notice(), 'My List is full (500 titles)');
});

test("a later click stands when an earlier one's change fails", async () => {
  const { calls, services } = heldServices();
  const store = createVisitorStore(services);
  store.toggleMyList(TITLE); // on
  store.toggleMyList(TITLE); // off again
  calls[0].reject(new Error('timeout'));
  await settle();
  assert.equal(store.inMyList(TITLE), false);
  assert.equal(store.notice(), '', 'the visitor already undid it: nothing to announce');
});

test('the same rating again clears it; a failed rating goes back to what it was', async () => {
  const { calls, services } = heldServices();
  const store = createVisitorStore(services);
  store.rate(TITLE, 3);
  assert.equal(store.ratingOf(TITLE), 3);
  store.rate(TITLE, 3);
  assert.equal(store.ratingOf(TITLE), null);
  assert.deepEqual(
    calls.map((c) => c.value),
    [3, null],
  );
  calls[1].reject(new Error('500'));
  await settle();
  assert.equal(store.ratingOf(TITLE), 3);
  assert.equal(store.notice(), 'Could not save your rating of “Heat”. Please try again.');
});

test('an unsubscribed listener is told nothing more', () => {
  const { services } = heldServices();
  const store = createVisitorStore(services);
  let told = 0;
  const stop = store.subscribe(() => told++);
  store.toggleMyList(TITLE);
  stop();
  store.toggleMyList(TITLE);
  assert.equal(told, 1);
});
