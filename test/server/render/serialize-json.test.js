// @ts-check
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serializeJsonForHtml } from '../../../server/render/serialize-json.js';

const HOSTILE = { a: '</script><script>alert(1)</script>', b: '<!-- x -->', c: 'L\u2028S\u2029P', d: 'a & b' };

test('serialized JSON has no character that can end a script element or open a comment', () => {
  const text = serializeJsonForHtml(HOSTILE);
  assert.doesNotMatch(text, /[<>&\u2028\u2029]/);
});

test('serialized JSON parses back to the same value', () => {
  assert.deepEqual(JSON.parse(serializeJsonForHtml(HOSTILE)), HOSTILE);
});
