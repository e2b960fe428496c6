// @ts-check
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTap } from './tap.js';

test("a file's closing counts, cancelled counted as failed, and each skip with its reason", () => {
  const output = [
    'TAP version 13',
    '# Subtest: a',
    'ok 1 - a',
    '# Subtest: soft navigations',
    'ok 2 - soft navigations # SKIP Chromium 150 has no soft-navigation entries (needs 152 or later)',
    'not ok 3 - c',
    '1..3',
    '# tests 4',
    '# suites 0',
    '# pass 1',
    '# fail 1',
    '# cancelled 1',
    '# skipped 1',
    '# todo 0',
  ].join('\n');
  assert.deepEqual(parseTap(output), {
    tests: 4,
    passed: 1,
    failed: 2,
    skipped: 1,
    skips: ['soft navigations (Chromium 150 has no soft-navigation entries (needs 152 or later))'],
  });
});

test('a file that crashed before its counts reads as no test run', () => {
  assert.deepEqual(parseTap('Error: Cannot find module'), { tests: 0, passed: 0, failed: 0, skipped: 0, skips: [] });
});
