// @ts-check
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MIN_CHROMIUM, chromiumTooOld } from '../../../perf/lib/browser.js';

test('a Chromium without Long Animation Frames is refused with its version and the command that upgrades it', () => {
  assert.equal(chromiumTooOld('150.0.7871.100'), null);
  assert.equal(chromiumTooOld(`${MIN_CHROMIUM}.0.0.0`), null);
  const refusal = String(chromiumTooOld('122.0.6261.94'));
  assert.match(refusal, /Chromium 122\.0\.6261\.94 is older than 123/);
  assert.match(refusal, /apt-get update && apt-get install -y chromium/);
});
