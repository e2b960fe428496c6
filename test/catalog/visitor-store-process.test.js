// @ts-check
// The visitor database behind the real catalog process (issue 21): what is
// acknowledged survives `kill -9`; a full list is refused over HTTP and
// through the app; a database that cannot be opened stops the start with one
// line; a write that fails is an error answer; a backup runs beside it; two
// app processes on one catalog see one list.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import Database from '../../server/catalog/visitor-store/sqlite-driver.js';
import { startApp } from '../helpers/app.js';
import { removeDataDir, startCatalog, tempDataDir } from '../helpers/catalog.js';
import { addThroughApp, listThroughApp, newVisitor, startAppProcess, titleIds } from '../helpers/visitor-data.js';

const VISITOR = '/visitors/visitor-0001';
/** @type {string[]} 501 distinct title ids */
let ids;

/** @type {string[]} */
const dirs = [];
after(() => dirs.forEach(removeDataDir));
const dataDir = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
};

/** @param {string} url @param {string} [method] @param {unknown} [body] */
async function call(url, method = 'GET', body) {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** PUTs each id into the visitor's list, 25 at a time; every answer must be a 200. */
async function fill(/** @type {string} */ catalogUrl, /** @type {string} */ vid, /** @type {string[]} */ some) {
  for (let at = 0; at < some.length; at += 25) {
    const answers = await Promise.all(
      some.slice(at, at + 25).map((id) => call(`${catalogUrl}/visitors/${vid}/my-list/${id}`, 'PUT')),
    );
    assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([200]));
  }
}

/** The catalog's start-up log line about its store (stdout arrives beside the IPC "ready"). */
async function storeLine(/** @type {Awaited<ReturnType<typeof startCatalog>>} */ catalog) {
  for (let waited = 0; waited < 2000; waited += 20) {
    const line = catalog
      .output()
      .stdout.split('\n')
      .find((l) => l.startsWith('catalog: visitor store:'));
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
}

/**
 * Starts a catalog that must refuse to: resolves with what it printed.
 * @param {Record<string, string>} env
 */
async function refusedStart(env) {
  const error = await startCatalog({ env }).then(
    (catalog) => catalog.stop().then(() => assert.fail('the catalog started')),
    (/** @type {Error} */ e) => e,
  );
  assert.match(error.message, /exited before it was ready \(code 1,/, 'a non-zero exit');
  return error.message.split('\n').slice(1).join('\n').trim();
}

describe('one catalog on a temporary DATA_DIR', () => {
  /** @type {Awaited<ReturnType<typeof startCatalog>>} */
  let catalog;
  before(async () => {
    catalog = await startCatalog({ env: { DATA_DIR: dataDir() } });
    ids = await titleIds(catalog.url, 501);
  });
  after(() => catalog?.stop());

  test('the 501st title is refused with a 409 and the list keeps all 500', async () => {
    await fill(catalog.url, 'visitor-0001', ids.slice(0, 500));
    const { body: full } = await call(`${catalog.url}${VISITOR}/my-list`);
    assert.deepEqual([...full.ids].sort(), ids.slice(0, 500).sort());
    const refused = await call(`${catalog.url}${VISITOR}/my-list/${ids[500]}`, 'PUT');
    assert.deepEqual(refused, { status: 409, body: { error: 'My List is full (500 titles)' } });
    assert.deepEqual((await call(`${catalog.url}${VISITOR}/my-list`)).body, full, 'nothing lost, nothing moved');
  });

  test('reading an unknown visitor answers empty and writes nothing', async () => {
    const before = (await call(`${catalog.url}/_stats`)).body.visitorStore;
    assert.deepEqual((await call(`${catalog.url}/visitors/never-wrote-1/my-list`)).body, { ids: [] });
    assert.deepEqual((await call(`${catalog.url}/visitors/never-wrote-1/ratings?ids=${ids[0]}`)).body, {
      ratings: { [ids[0]]: null },
    });
    await call(`${catalog.url}/visitors/never-wrote-1/my-list/${ids[0]}`, 'DELETE');
    await call(`${catalog.url}/visitors/never-wrote-1/ratings/${ids[0]}`, 'PUT', { rating: null });
    const stats = (await call(`${catalog.url}/_stats`)).body.visitorStore;
    assert.equal(stats.visitors, before.visitors);
    assert.equal(stats.writes, before.writes);
  });

  test('GET /_stats: rows, writes, refusals, errors and write latency', async () => {
    const { status, body } = await call(`${catalog.url}/_stats`);
    assert.equal(status, 200);
    const stats = body.visitorStore;
    assert.equal(stats.kind, 'sqlite');
    assert.equal(stats.schemaVersion, 1);
    assert.deepEqual([stats.visitors, stats.myListRows, stats.ratingRows], [1, 500, 0]);
    assert.equal(stats.writes, 500);
    assert.equal(stats.refused, 1);
    assert.equal(stats.errors, 0);
    assert.ok(stats.writeP99Ms > 0 && stats.writeP99Ms <= stats.writeMaxMs);
  });

  test('a write that fails (the database locked) answers 503, and earlier data is intact', async () => {
    const file = JSON.parse(JSON.stringify((await call(`${catalog.url}/_stats`)).body.visitorStore)).file;
    const lock = new Database(file);
    lock.exec('BEGIN IMMEDIATE');
    try {
      const answer = await call(`${catalog.url}/visitors/visitor-0002/my-list/${ids[0]}`, 'PUT');
      assert.deepEqual(answer, { status: 503, body: { error: 'could not save: the visitor store is unavailable' } });
    } finally {
      lock.exec('ROLLBACK');
      lock.close();
    }
    assert.equal((await call(`${catalog.url}${VISITOR}/my-list`)).body.ids.length, 500);
    assert.deepEqual((await call(`${catalog.url}/visitors/visitor-0002/my-list`)).body, { ids: [] });
    assert.equal((await call(`${catalog.url}/_stats`)).body.visitorStore.errors, 1);
    assert.match(catalog.output().stderr, /catalog: visitor store write failed: database is locked/);
  });
});

test('kill -9 and a restart on the same DATA_DIR: every acknowledged write is there', async () => {
  const dir = dataDir();
  const first = await startCatalog({ env: { DATA_DIR: dir } });
  const mine = ids.slice(0, 40);
  // Concurrent, like a page's clicks; each answer is an acknowledgement.
  const answers = await Promise.all([
    ...mine.map((id) => call(`${first.url}${VISITOR}/my-list/${id}`, 'PUT')),
    ...mine.map((id, i) => call(`${first.url}${VISITOR}/ratings/${id}`, 'PUT', { rating: (i % 5) + 1 })),
  ]);
  assert.ok(answers.every((a) => a.status === 200));
  await first.crash();
  assert.ok(existsSync(path.join(dir, 'visitors.db-wal')), 'killed before any clean close');

  const second = await startCatalog({ env: { DATA_DIR: dir } });
  try {
    const { body } = await call(`${second.url}${VISITOR}/my-list`);
    assert.deepEqual([...body.ids].sort(), [...mine].sort());
    const { body: rated } = await call(`${second.url}${VISITOR}/ratings?ids=${mine.join(',')}`);
    assert.deepEqual(
      mine.map((id) => rated.ratings[id]),
      mine.map((_, i) => (i % 5) + 1),
    );
    assert.equal(
      await storeLine(second),
      `catalog: visitor store: ${path.join(dir, 'visitors.db')} (schema 1, 1 visitors, 40 list rows, 40 ratings)`,
    );
  } finally {
    await second.stop();
  }
});

describe('a database that cannot be opened stops the start with one line naming the file and the cause', () => {
  test('a corrupt file (and it is left as it was)', async () => {
    const dir = dataDir();
    const file = path.join(dir, 'visitors.db');
    const garbage = 'not a database '.repeat(400);
    writeFileSync(file, garbage);
    const printed = await refusedStart({ DATA_DIR: dir });
    assert.equal(printed, `catalog: cannot open the visitor database ${file}: file is not a database (SQLITE_NOTADB)`);
    assert.equal(readFileSync(file, 'utf8'), garbage, 'never reset, never replaced');
  });

  test('a DATA_DIR that cannot be created', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'a-file'), '');
    const printed = await refusedStart({ DATA_DIR: path.join(dir, 'a-file', 'data') });
    assert.match(printed, /^catalog: cannot open the visitor database \S+a-file\/data\/visitors\.db: ENOTDIR\b[^\n]*$/);
  });

  test('a DATA_DIR this user may not write', { skip: process.getuid?.() === 0 && 'root writes anywhere' }, async () => {
    const dir = path.join(dataDir(), 'read-only');
    mkdirSync(dir, { mode: 0o555 });
    chmodSync(dir, 0o555);
    const printed = await refusedStart({ DATA_DIR: dir });
    assert.match(printed, /^catalog: cannot open the visitor database \S+read-only\/visitors\.db: [^\n]+$/);
  });

  test('a database another process holds locked', async () => {
    const dir = dataDir();
    const file = path.join(dir, 'visitors.db');
    const lock = new Database(file);
    lock.exec('BEGIN EXCLUSIVE; CREATE TABLE held (x)');
    try {
      const printed = await refusedStart({ DATA_DIR: dir });
      assert.equal(printed, `catalog: cannot open the visitor database ${file}: database is locked (SQLITE_BUSY)`);
    } finally {
      lock.exec('ROLLBACK');
      lock.close();
    }
  });
});

test('VISITOR_STORE=memory writes no file; a bad VISITOR_STORE refuses to start', async () => {
  const dir = dataDir();
  const catalog = await startCatalog({ env: { DATA_DIR: dir, VISITOR_STORE: 'memory' } });
  try {
    await call(`${catalog.url}${VISITOR}/my-list/${ids[0]}`, 'PUT');
    assert.equal((await call(`${catalog.url}/_stats`)).body.visitorStore.kind, 'memory');
    assert.deepEqual(readdirSync(dir), []);
  } finally {
    await catalog.stop();
  }
  assert.match(
    await refusedStart({ DATA_DIR: dir, VISITOR_STORE: 'redis' }),
    /VISITOR_STORE must be sqlite, memory or postgres/,
  );
});

test('npm run catalog:backup -- FILE copies the database while the catalog writes', async () => {
  const dir = dataDir();
  const catalog = await startCatalog({ env: { DATA_DIR: dir } });
  try {
    await fill(catalog.url, 'visitor-0001', ids.slice(0, 100));
    const copy = path.join(dataDir(), 'backup.db');
    const writing = Promise.all(
      ids.slice(100, 300).map((id) => call(`${catalog.url}/visitors/visitor-0003/my-list/${id}`, 'PUT')),
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['server/catalog/backup.js', copy], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: dir },
    });
    await writing;
    assert.match(stdout, /^catalog:backup: \S+visitors\.db → \S+backup\.db: schema 1, [12] visitors, /);
    const db = new Database(copy, { readonly: true });
    assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
    const rows = db.prepare('SELECT count(*) FROM my_list WHERE visitor = 1').pluck().get();
    db.close();
    assert.equal(rows, 100, 'everything written before the backup started');
    await assert.rejects(
      promisify(execFile)(process.execPath, ['server/catalog/backup.js', copy], {
        env: { ...process.env, DATA_DIR: dir },
      }),
      /exists: a backup never overwrites/,
    );
  } finally {
    await catalog.stop();
  }
});

describe('through the app', () => {
  test('two app processes on one catalog see the same list', async () => {
    const catalog = await startCatalog({ env: { DATA_DIR: dataDir() } });
    const env = { COOKIE_SECRET: 'the-same-secret-for-both-app-processes-0123' };
    const apps = await Promise.all([
      startAppProcess({ catalogUrl: catalog.url, env }),
      startAppProcess({ catalogUrl: catalog.url, env }),
    ]);
    try {
      const [a, b] = apps;
      const { cookie } = await newVisitor(a.url);
      await addThroughApp(a.url, cookie, ids[0]);
      await addThroughApp(b.url, cookie, ids[1]);
      assert.deepEqual(await listThroughApp(b.url, cookie), [ids[1], ids[0]]);
      assert.deepEqual(await listThroughApp(a.url, cookie), [ids[1], ids[0]]);
    } finally {
      await Promise.all(apps.map((app) => app.stop()));
      await catalog.stop();
    }
  });

  test('an add to a full list is a Falcor error saying so, and the list keeps its 500', async () => {
    const app = await startApp();
    try {
      const { cookie, visitorId } = await newVisitor(app.url);
      await fill(app.catalogUrl, visitorId, ids.slice(0, 500));
      const { status, jsonGraph } = await addThroughApp(app.url, cookie, ids[500]);
      assert.equal(status, 200);
      assert.deepEqual(jsonGraph.myList.add.$type, 'error');
      assert.deepEqual(jsonGraph.myList.add.value, { message: 'My List is full (500 titles)' });
      const list = await listThroughApp(app.url, cookie);
      assert.equal(list.length, 500);
      assert.ok(!list.includes(ids[500]));
    } finally {
      await app.close();
    }
  });
});
