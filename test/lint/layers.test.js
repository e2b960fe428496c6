// @ts-check
// The import rule of eslint.config.js (marquee/layers), run with the repo's
// own config on planted files: imports run perf -> deploy -> server -> client
// -> shared, tests may import anything, and nothing else imports a test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/**
 * The rule's messages for `code` linted as if it were `file` (no file is written).
 * @param {string} file relative to the root
 * @param {string} code
 */
async function layerErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  assert.deepEqual(
    result.messages.filter((m) => m.fatal),
    [],
    `${file} parses`,
  );
  return result.messages.filter((m) => m.ruleId === 'marquee/layers').map((m) => m.message);
}

const WRONG_WAY = [
  [
    'deploy/lib/planted.js',
    "import { planCpus } from '../../perf/lib/cpus.js';\nplanCpus();",
    /deploy\/ imports perf\//,
  ],
  ['server/planted.js', "export { startApp } from '../deploy/lib/processes.js';", /server\/ imports deploy\//],
  ['server/render/planted.js', "await import('../../perf/lib/cpus.js');", /server\/ imports perf\//],
  [
    'client/planted.js',
    "/** @type {import('../server/paths.js')} */\nexport const paths = null;",
    /client\/ imports server\//,
  ],
  ['shared/planted.js', "import { whenIdle } from '../client/idle.js';\nwhenIdle;", /shared\/ imports client\//],
  ['perf/lib/planted.js', "import { startApp } from '../../test/helpers/app.js';\nstartApp;", /imports a test file/],
  ['server/planted.js', "import '../test/helpers/app.js';", /imports a test file/],
];

for (const [file, code, message] of WRONG_WAY) {
  test(`fails a wrong-way import: ${file} ${/'([^']+)'/.exec(String(code))?.[1]}`, async () => {
    const errors = await layerErrors(String(file), String(code));
    assert.equal(errors.length, 1, `one error, got ${JSON.stringify(errors)}`);
    assert.match(errors[0], /** @type {RegExp} */ (message));
  });
}

const RIGHT_WAY = [
  ['perf/lib/planted.js', "import { startApp } from '../../deploy/lib/processes.js';\nstartApp;"],
  ['perf/lib/planted.js', "export { HEARTBEAT_SNIPPET } from '../../client/measure/heartbeat-snippet.js';"],
  ['deploy/lib/planted.js', "import { ROOT } from '../../server/paths.js';\nROOT;"],
  ['server/planted.js', "import { PAGES } from '../shared/pages/registry.js';\nPAGES;"],
  ['client/planted.js', "import path from 'node:path';\nimport React from 'react';\nexport { path, React };"],
  ['shared/planted.js', "import { listHref } from './ids.js';\nlistHref;"],
  [
    'test/perf/planted.test.js',
    "import { launchBrowser } from '../../perf/lib/browser.js';\nimport { startApp } from '../helpers/app.js';\nexport { launchBrowser, startApp };",
  ],
];

for (const [file, code] of RIGHT_WAY) {
  test(`passes a right-way import: ${file} ${/from '([^']+)'/.exec(code)?.[1]}`, async () => {
    assert.deepEqual(await layerErrors(file, code), []);
  });
}

test('the catalog-edge rule, which finds imports the same way, still fails a crossing and passes shared/ids.js', async () => {
  const crossing = async (/** @type {string} */ file, /** @type {string} */ code) => {
    const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
    return result.messages.filter((m) => m.ruleId === 'marquee/catalog-edge').length;
  };
  assert.equal(
    await crossing('server/planted.js', "/** @type {import('./catalog/store.js')} */\nexport const s = 1;"),
    1,
  );
  assert.equal(await crossing('server/catalog/planted.js', "export { listHref } from '../../shared/ids.js';"), 0);
  assert.equal(await crossing('server/catalog/planted.js', "export { ROOT } from '../paths.js';"), 1);
});
