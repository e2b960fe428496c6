// @ts-check
// The README fits a screen and still lists every npm script; its links and
// docs/scripts.md's lead somewhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (/** @type {string} */ file) => readFileSync(path.join(ROOT, file), 'utf8');
const README = read('README.md');
const SCRIPTS = Object.keys(JSON.parse(read('package.json')).scripts);

/**
 * How a page names a script: `npm start`, `npm test` (npm's own verbs), `pretest` (run by npm test), else
 * `npm run NAME` followed by anything but more of a name.
 * @param {string} name
 */
const mention = (name) =>
  ['start', 'test'].includes(name)
    ? new RegExp(`\`npm ${name}\``)
    : name.startsWith('pre')
      ? new RegExp(`\`${name}\``)
      : new RegExp(`\`npm run ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w:-])`);

test('the README and docs/scripts.md name every npm script in package.json', () => {
  for (const [file, text] of [
    ['README.md', README],
    ['docs/scripts.md', read('docs/scripts.md')],
  ]) {
    const missing = SCRIPTS.filter((name) => !mention(name).test(text));
    assert.deepEqual(missing, [], `${file} does not list these npm scripts: add a line for each`);
  }
});

test('the README fits: under 25 KB, no line over 120 characters but a link', () => {
  assert.ok(Buffer.byteLength(README) < 25_000, `README.md is ${Buffer.byteLength(README)} bytes`);
  const long = README.split('\n')
    .map((line, i) => ({ line, number: i + 1 }))
    .filter(({ line }) => line.length > 120 && !/\]\(|https?:\/\//.test(line));
  assert.deepEqual(long, [], 'README.md lines over 120 characters (no table padding: lists, or short cells)');
});

test("the README's first screen says what Marquee is, the two set-up commands, npm run dev and where next", () => {
  const screen = README.split('\n').slice(0, 40).join('\n');
  for (const needed of [/^Marquee is /m, /^npm ci && npm start /m, /^npm ci && npm test /m, /`npm run dev`/]) {
    assert.match(screen, needed);
  }
  assert.match(screen, /\]\(docs\/configuration\.md\)/, 'the first screen links the configuration reference');
});

test('relative links in the README and the new docs pages point at files that exist', () => {
  for (const file of ['README.md', 'docs/scripts.md', 'docs/testing.md', 'docs/site.md', 'docs/configuration.md']) {
    for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|#|mailto:)/.test(target)) continue;
      const resolved = path.join(ROOT, path.dirname(file), target.split('#')[0]);
      assert.ok(existsSync(resolved), `${file} links ${target}, which does not exist`);
    }
  }
});
