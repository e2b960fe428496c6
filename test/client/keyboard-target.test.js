// @ts-check
// The pure decisions of keyboard navigation (client/keyboard/target.js); the
// DOM side is driven in real Chromium by test/browser/keyboard.test.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canGoBackInSite, isTextEntry, moveFor, nearestColumn } from '../../client/keyboard/target.js';

test('moveFor maps arrows, Escape and Backspace', () => {
  assert.equal(moveFor({ key: 'ArrowLeft' }), 'left');
  assert.equal(moveFor({ key: 'ArrowRight' }), 'right');
  assert.equal(moveFor({ key: 'ArrowUp' }), 'up');
  assert.equal(moveFor({ key: 'ArrowDown' }), 'down');
  assert.equal(moveFor({ key: 'Escape' }), 'back');
  assert.equal(moveFor({ key: 'Backspace' }), 'back');
  assert.equal(moveFor({ key: 'Enter' }), null, 'Enter is the link’s own: the browser follows it');
  assert.equal(moveFor({ key: 'a' }), null);
  assert.equal(moveFor({ key: 'toString' }), null, 'no inherited keys');
});

test('moveFor leaves modified, composing and already handled presses alone', () => {
  for (const modifier of ['altKey', 'ctrlKey', 'metaKey', 'shiftKey']) {
    assert.equal(moveFor({ key: 'ArrowLeft', [modifier]: true }), null, `${modifier}+ArrowLeft is the browser's`);
  }
  assert.equal(moveFor({ key: 'ArrowDown', isComposing: true }), null);
  assert.equal(moveFor({ key: 'Escape', defaultPrevented: true }), null, 'a dialog that handled Escape wins');
});

test('nearestColumn keeps the column across rows scrolled differently', () => {
  const pitch = 172; // 160 px card + 12 px gap
  // Same scroll: the same column.
  assert.equal(nearestColumn(24 + 2 * pitch, 24, pitch, 10), 2);
  // Target row scrolled by three cards: the card under the same x is its 5th.
  assert.equal(nearestColumn(24 + 2 * pitch, 24 - 3 * pitch, pitch, 10), 5);
  // Scrolled half a card: rounds to the nearest.
  assert.equal(nearestColumn(24, 24 - 100, pitch, 10), 1);
  assert.equal(nearestColumn(24, 24 - 70, pitch, 10), 0);
});

test('nearestColumn clamps to the cards the target row has', () => {
  assert.equal(nearestColumn(24 + 9 * 172, 24, 172, 4), 3, 'a short row: its last card');
  assert.equal(nearestColumn(-500, 24, 172, 10), 0, 'left of the first card: the first');
  assert.equal(nearestColumn(100, 24, 172, 0), -1, 'an empty row has no target');
  assert.equal(nearestColumn(100, 24, 0, 5), 0, 'a row of one card measures no pitch');
  assert.equal(nearestColumn(100, 24, Number.NaN, 5), 0);
});

test('isTextEntry: where Escape and Backspace edit text', () => {
  assert.equal(isTextEntry({ tagName: 'INPUT', type: 'text' }), true);
  assert.equal(isTextEntry({ tagName: 'INPUT', type: 'search' }), true);
  assert.equal(isTextEntry({ tagName: 'input', type: '' }), true, 'an input without a type is text');
  assert.equal(isTextEntry({ tagName: 'TEXTAREA' }), true);
  assert.equal(isTextEntry({ tagName: 'SELECT' }), true);
  assert.equal(isTextEntry({ tagName: 'DIV', isContentEditable: true }), true);
  assert.equal(isTextEntry({ tagName: 'INPUT', type: 'radio' }), false, 'a rating radio takes no typing');
  assert.equal(isTextEntry({ tagName: 'BUTTON' }), false);
  assert.equal(isTextEntry({ tagName: 'A' }), false);
  assert.equal(isTextEntry(null), false);
});

test('canGoBackInSite trusts the Navigation API, else a same-origin referrer', () => {
  const origin = 'http://127.0.0.1:3000';
  const base = { historyLength: 3, referrer: `${origin}/`, origin };
  assert.equal(canGoBackInSite({ ...base, navigation: { canGoBack: true } }), true);
  assert.equal(
    canGoBackInSite({ ...base, navigation: { canGoBack: false } }),
    false,
    'first page of the visit: another site came before',
  );
  assert.equal(canGoBackInSite(base), true, 'no Navigation API: the referrer is ours');
  assert.equal(canGoBackInSite({ ...base, referrer: 'https://example.com/' }), false, 'another site');
  assert.equal(canGoBackInSite({ ...base, referrer: '' }), false, 'typed in or opened fresh');
  assert.equal(canGoBackInSite({ ...base, historyLength: 1 }), false, 'nothing behind');
  assert.equal(canGoBackInSite({ ...base, referrer: 'not a url' }), false);
});
