// @ts-check
// docs/configuration.md is written from server/config/knobs.js (`npm run
// docs:config`): rendered again here, it must match the file byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOG_KNOBS, KNOBS, TOOL_KNOBS } from '../../server/config/knobs.js';
import { CONFIGURATION_DOC_PATH, renderConfigurationDoc } from '../../server/config/write-docs.js';

test('docs/configuration.md is what `npm run docs:config` writes from server/config/knobs.js', () => {
  const onDisk = readFileSync(CONFIGURATION_DOC_PATH, 'utf8');
  // Not assert.equal: a 17 KB diff would bury the one line that matters.
  assert.ok(
    onDisk === renderConfigurationDoc(),
    'docs/configuration.md is stale: run `npm run docs:config` and commit the result',
  );
});

test('docs/configuration.md has a heading, default and doc for every knob', () => {
  const doc = renderConfigurationDoc();
  for (const knobs of [KNOBS, CATALOG_KNOBS, TOOL_KNOBS]) {
    for (const [key, knob] of Object.entries(knobs)) {
      const shown = knob.default === '' ? 'empty' : `\`${knob.default}\``;
      const section = doc.split(`\n### \`${key}\`\n`)[1]?.split('\n### ')[0];
      assert.ok(section, `${key} has no heading`);
      assert.ok(section.startsWith(`\nDefault: ${shown}.\n`), `${key}'s default`);
      assert.ok(section.includes(knob.doc.slice(1, 40)), `${key}'s doc`);
      assert.match(
        doc,
        new RegExp(`^\\| \\[\`${key}\`\\]\\(#${key.toLowerCase()}\\) \\| `, 'm'),
        `${key} in its table`,
      );
    }
  }
});

test('links from the knobs, written from the project root, are rewritten from docs/', () => {
  const doc = renderConfigurationDoc([
    {
      title: 'Links',
      intro: 'See [x](docs/contracts.md), [y](server/catalog/README.md#replacing), [z](https://example.com/a).',
      knobs: { K: { default: '', doc: 'what K does' } },
    },
  ]);
  assert.match(
    doc,
    /\[x\]\(contracts\.md\), \[y\]\(\.\.\/server\/catalog\/README\.md#replacing\), \[z\]\(https:\/\/example\.com\/a\)/,
  );
  assert.match(doc, /\n### `K`\n\nDefault: empty\.\n\nWhat K does\.\n/);
  assert.throws(
    () => renderConfigurationDoc([{ title: 'T', intro: '', knobs: { K: { default: '', doc: ' ' } } }]),
    /K has no doc in server\/config\/knobs\.js/,
  );
});

test('every environment variable the code reads by name is declared in server/config/knobs.js', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const declared = new Set([...Object.keys(KNOBS), ...Object.keys(CATALOG_KNOBS), ...Object.keys(TOOL_KNOBS)]);
  // Node's own, set by its test runner in each test file's process.
  const notOurs = new Set(['NODE_TEST_CONTEXT']);
  /** @type {string[]} */
  const undeclared = [];
  for (const folder of ['server', 'shared', 'client', 'deploy', 'perf', 'test/helpers', 'test/setup']) {
    const files = readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((name) => /\.jsx?$/.test(name) && !name.includes('node_modules'))) {
      const source = readFileSync(path.join(root, folder, file), 'utf8');
      for (const [, name] of source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b/g)) {
        if (!declared.has(name) && !notOurs.has(name)) undeclared.push(`${folder}/${file}: ${name}`);
      }
    }
  }
  assert.deepEqual(undeclared, [], 'declare each knob in server/config/knobs.js, then run `npm run docs:config`');
});
