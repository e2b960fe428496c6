// @ts-check
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inTurn, nextTurn } from '../../../server/upstream/turns.js';

test('waiters on one answer wake one per event-loop turn, other work runs between them', async () => {
  /** @type {string[]} */
  const order = [];
  const shared = Promise.resolve('answer');
  const waiters = ['a', 'b', 'c'].map((name) => inTurn(shared).then((value) => order.push(`${name}:${value}`)));
  await shared;
  setImmediate(() => order.push('other work'));
  await Promise.all(waiters);
  assert.deepEqual(order, ['a:answer', 'other work', 'b:answer', 'c:answer']);
});

test('a shared failure reaches every waiter, each in its turn', async () => {
  const shared = Promise.reject(new Error('upstream down'));
  const results = await Promise.allSettled([inTurn(shared), inTurn(shared)]);
  assert.deepEqual(
    results.map((r) => r.status === 'rejected' && r.reason.message),
    ['upstream down', 'upstream down'],
  );
});

test('nextTurn keeps arrival order', async () => {
  /** @type {number[]} */
  const order = [];
  await Promise.all([1, 2, 3, 4].map((n) => nextTurn().then(() => order.push(n))));
  assert.deepEqual(order, [1, 2, 3, 4]);
});

test('the oldest request goes first, whenever it asked for its turn', async () => {
  /** @type {string[]} */
  const order = [];
  const asked = [
    nextTurn(300).then(() => order.push('arrived at 300')),
    nextTurn(200).then(() => order.push('arrived at 200')),
    nextTurn().then(() => order.push('arrived now')),
    nextTurn(100).then(() => order.push('arrived at 100')),
    nextTurn(200).then(() => order.push('arrived at 200, asked later')),
  ];
  await Promise.all(asked);
  assert.deepEqual(order, [
    'arrived at 100',
    'arrived at 200',
    'arrived at 200, asked later',
    'arrived at 300',
    'arrived now',
  ]);
});

test('a shared answer wakes its waiters in the order their requests arrived', async () => {
  /** @type {string[]} */
  const order = [];
  const shared = Promise.resolve('answer');
  const waiters = [
    inTurn(shared, 20).then(() => order.push('second')),
    inTurn(shared, 10).then(() => order.push('first')),
    inTurn(shared).then(() => order.push('no request')),
  ];
  await Promise.all(waiters);
  assert.deepEqual(order, ['first', 'second', 'no request']);
});
