// @ts-check
// The catalog's visitor stores in process (issue 21): the database and the
// memory store keep the same promises (newest first, idempotent adds, reads
// that write nothing, a full list refused and left intact), the database
// keeps them across a close and a reopen, and a write that fails is an error
// answer, never a loss. The real process, crashes included:
// catalog-visitor-store-process.test.js.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import Database from '../server/catalog/visitor-store/sqlite-driver.js';
import { DEFAULT_DATA_DIR, readCatalogConfig } from '../server/catalog/config.js';
import { ListFullError, StoreOpenError, StoreWriteError } from '../server/catalog/errors.js';
import { MAX_MY_LIST } from '../server/catalog/visitor-store/limits.js';
import { createMemoryStore } from '../server/catalog/visitor-store/memory.js';
import { SCHEMA_VERSION } from '../server/catalog/visitor-store/schema.js';
import { openSqliteStore } from '../server/catalog/visitor-store/sqlite.js';

const dir = mkdtempSync(path.join(tmpdir(), 'marquee-store-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const newFile = () => path.join(dir, `visitors-${++files}.db`);
const quiet = () => {};

/** @type {Record<string, () => import('../server/catalog/visitor-store/index.js').VisitorStore>} */
const KINDS = {
  sqlite: () => openSqliteStore({ file: newFile(), logError: quiet }),
  memory: () => createMemoryStore({ logError: quiet }),
};
const ids = (/** @type {number} */ n) => Array.from({ length: n }, (_, i) => `film-${i + 1}-2000`);

for (const [kind, open] of Object.entries(KINDS)) {
  describe(`${kind} store: the promises both kinds keep`, () => {
    test('my list: newest first, an add already there stays in place, remove', async () => {
      const store = open();
      assert.deepEqual(store.add('visitor-a', 'a-2000'), ['a-2000']);
      assert.deepEqual(store.add('visitor-a', 'b-2000'), ['b-2000', 'a-2000']);
      assert.deepEqual(store.add('visitor-a', 'a-2000'), ['b-2000', 'a-2000'], 'idempotent, not moved');
      assert.deepEqual(store.remove('visitor-a', 'b-2000'), ['a-2000']);
      assert.deepEqual(store.remove('visitor-a', 'b-2000'), ['a-2000'], 'removing what is not there is fine');
      assert.deepEqual(store.add('visitor-a', 'b-2000'), ['b-2000', 'a-2000'], 'added again: newest again');
      assert.deepEqual(store.myList('visitor-b'), [], 'visitors are kept apart');
      await store.close();
    });

    test('ratings: set, change, clear, per visitor', async () => {
      const store = open();
      store.rate('visitor-a', 'a-2000', 4);
      store.rate('visitor-a', 'a-2000', 2);
      store.rate('visitor-b', 'a-2000', 5);
      store.rate('visitor-a', 'b-2000', 1);
      store.rate('visitor-a', 'b-2000', null);
      assert.deepEqual(Object.fromEntries(store.ratings('visitor-a', ['a-2000', 'b-2000', 'c-2000'])), {
        'a-2000': 2,
        'b-2000': null,
        'c-2000': null,
      });
      assert.equal(store.ratings('visitor-b', ['a-2000']).get('a-2000'), 5);
      assert.equal(store.stats().ratingRows, 2);
      await store.close();
    });

    test('reads, removals and clearing for an unknown visitor write nothing', async () => {
      const store = open();
      assert.deepEqual(store.myList('visitor-a'), []);
      assert.equal(store.ratings('visitor-a', ['a-2000']).get('a-2000'), null);
      assert.deepEqual(store.remove('visitor-a', 'a-2000'), []);
      store.rate('visitor-a', 'a-2000', null);
      const stats = store.stats();
      assert.equal(stats.visitors, 0);
      assert.equal(stats.writes, 0);
      await store.close();
    });

    test(`a full list (${MAX_MY_LIST}) refuses the next add with a 409 and keeps every title`, async () => {
      const store = open();
      for (const id of ids(MAX_MY_LIST)) store.add('visitor-a', id);
      const full = store.myList('visitor-a');
      assert.equal(full.length, MAX_MY_LIST);
      assert.throws(
        () => store.add('visitor-a', 'one-more-2000'),
        (/** @type {any} */ error) =>
          error instanceof ListFullError && error.status === 409 && error.message === 'My List is full (500 titles)',
      );
      assert.deepEqual(store.myList('visitor-a'), full, 'nothing lost, nothing moved');
      assert.deepEqual(store.add('visitor-a', full[250]), full, 'adding a title already there is still fine');
      store.remove('visitor-a', full[0]);
      assert.equal(store.add('visitor-a', 'one-more-2000')[0], 'one-more-2000', 'room again after a remove');
      const stats = store.stats();
      assert.equal(stats.refused, 1);
      assert.equal(stats.myListRows, MAX_MY_LIST);
      await store.close();
    });

    test('stats count the writes and time them', async () => {
      const store = open();
      store.add('visitor-a', 'a-2000');
      store.rate('visitor-b', 'a-2000', 3);
      const stats = store.stats();
      assert.equal(stats.kind, kind);
      assert.deepEqual(
        [stats.visitors, stats.myListRows, stats.ratingRows, stats.writes, stats.errors],
        [2, 1, 1, 2, 0],
      );
      assert.ok(typeof stats.writeP99Ms === 'number' && stats.writeP99Ms >= 0);
      await store.close();
    });
  });
}

describe('memory store', () => {
  test('past its visitor cap a new visitor is refused; nobody is evicted', async () => {
    const store = createMemoryStore({ maxVisitors: 2, logError: quiet });
    store.add('visitor-a', 'a-2000');
    store.rate('visitor-b', 'a-2000', 3);
    assert.throws(() => store.add('visitor-c', 'a-2000'), { status: 503 });
    assert.deepEqual(store.myList('visitor-a'), ['a-2000']);
    store.add('visitor-a', 'b-2000');
    assert.equal(store.ratings('visitor-b', ['a-2000']).get('a-2000'), 3);
    assert.equal(store.stats().visitors, 2);
  });
});

describe('sqlite store', () => {
  test('a reopened database has every list, rating and count, and its schema version', async () => {
    const file = newFile();
    const store = openSqliteStore({ file, logError: quiet });
    store.add('visitor-a', 'a-2000');
    store.add('visitor-a', 'b-2000');
    store.rate('visitor-a', 'a-2000', 5);
    await store.close();

    const again = openSqliteStore({ file, logError: quiet });
    assert.deepEqual(again.myList('visitor-a'), ['b-2000', 'a-2000']);
    assert.equal(again.ratings('visitor-a', ['a-2000']).get('a-2000'), 5);
    assert.match(again.summary, /\(schema 1, 1 visitors, 2 list rows, 1 ratings\)/);
    assert.deepEqual(
      [again.stats().schemaVersion, again.stats().visitors, again.stats().myListRows],
      [SCHEMA_VERSION, 1, 2],
    );
    await again.close();

    const db = new Database(file, { readonly: true });
    assert.deepEqual(db.prepare('SELECT version FROM schema_version').pluck().all(), [1]);
    db.close();
  });

  test('a worker thread checkpoints the log: the catalog thread never pays the fsync', async () => {
    const file = newFile();
    const store = openSqliteStore({ file, logError: quiet });
    for (const id of ids(300)) store.add('visitor-a', id);
    const deadline = Date.now() + 5000;
    while (store.stats().checkpoints === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const stats = store.stats();
    assert.ok(stats.checkpoints >= 1, 'checkpointed within a few seconds');
    assert.ok(typeof stats.checkpointMaxMs === 'number');
    await store.close();
    assert.equal(existsSync(`${file}-wal`), false, 'the log is folded into the file at close');
  });

  test('a database from a newer schema refuses to open', async () => {
    const file = newFile();
    await openSqliteStore({ file, logError: quiet }).close();
    const db = new Database(file);
    db.prepare("INSERT INTO schema_version VALUES (99, 'later')").run();
    db.close();
    assert.throws(
      () => openSqliteStore({ file, logError: quiet }),
      (/** @type {Error} */ error) =>
        error instanceof StoreOpenError &&
        error.message.includes(file) &&
        /schema version 99 is newer than this code's 1/.test(error.message),
    );
  });

  test('a write that fails (the database locked by another process) is a 503, and earlier data stays', async () => {
    const file = newFile();
    /** @type {string[]} */
    const logged = [];
    const store = openSqliteStore({ file, logError: (line) => logged.push(line) });
    store.add('visitor-a', 'a-2000');
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    try {
      assert.throws(
        () => store.add('visitor-a', 'b-2000'),
        (/** @type {any} */ error) => {
          return error instanceof StoreWriteError && error.status === 503 && !error.message.includes('locked');
        },
      );
      assert.throws(() => store.rate('visitor-b', 'a-2000', 4), StoreWriteError);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    assert.deepEqual(store.myList('visitor-a'), ['a-2000']);
    const stats = store.stats();
    assert.deepEqual([stats.errors, stats.visitors, stats.myListRows, stats.ratingRows], [2, 1, 1, 0]);
    assert.match(logged[0], /^catalog: visitor store write failed: database is locked/);
    assert.deepEqual(store.add('visitor-a', 'b-2000'), ['b-2000', 'a-2000'], 'works again once the lock is gone');
    await store.close();
  });
});

describe('configuration', () => {
  test('the database in data/ at the project root by default; DATA_DIR from the working directory', async () => {
    const config = readCatalogConfig({}, { hasIpc: true });
    assert.equal(config.visitorStore, 'sqlite');
    assert.equal(config.dataDir, DEFAULT_DATA_DIR);
    assert.equal(DEFAULT_DATA_DIR, path.resolve(import.meta.dirname, '..', 'data'));
    assert.equal(readCatalogConfig({ DATA_DIR: 'some/where' }, { hasIpc: true }).dataDir, path.resolve('some/where'));
    assert.equal(readCatalogConfig({ VISITOR_STORE: 'memory' }, { hasIpc: true }).visitorStore, 'memory');
    assert.throws(() => readCatalogConfig({ VISITOR_STORE: 'redis' }, { hasIpc: true }), /VISITOR_STORE must be/);
  });
});
