// @ts-check
// The SQLite driver survives its own garbage. better-sqlite3 up to 12 aborts
// the process on Node 24.19+ when the collector finalizes a statement
// (nodejs/node#65446): the catalog died at a GC after its first writes, and
// this suite's own process died at exit. A child process here makes
// thousands of statements, drops them, and allocates until the collector has
// run on its own; it must end normally, on whichever Node runs the tests.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const driver = fileURLToPath(new URL('../../server/catalog/visitor-store/sqlite-driver.js', import.meta.url));

const CHILD = `
import Database from ${JSON.stringify(driver)};
let db = new Database(':memory:');
db.exec('CREATE TABLE t (x)');
for (let i = 0; i < 5000; i++) db.prepare('INSERT INTO t VALUES (?)').run(i);
const rows = db.prepare('SELECT count(*) FROM t').pluck().get();
db.close();
db = null;
setTimeout(() => {
  let junk = [];
  for (let i = 0; i < 3e6; i++) junk.push({ i });
  junk = null;
  console.log(JSON.stringify({ rows }));
}, 20);
`;

test('statements the program dropped are collected without ending the process', () => {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD], { encoding: 'utf8' });
  assert.equal(child.signal, null, `the process was killed by ${child.signal}: ${child.stderr}`);
  assert.equal(child.status, 0, child.stderr);
  assert.equal(JSON.parse(child.stdout).rows, 5000, 'the statements did their work');
});

test('the driver this Node loads is the Node-API build from Node 22 on', async () => {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const major = Number(process.versions.node.split('.')[0]);
  const expected = major >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';
  const { default: Database } = await import(driver);
  assert.equal(Database, require(expected));
});
