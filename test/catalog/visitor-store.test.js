// @ts-check
// The catalog's visitor stores in process (issues 21, 30): SQLite, memory
// and PostgreSQL (a real server, started for this file) keep the same promises (newest first, idempotent adds, reads
// that write nothing, a full list refused and left intact), the database
// keeps them across a close and a reopen, and a write that fails is an error
// answer, never a loss. The real process, crashes included:
// visitor-store-process.test.js.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from '../../server/catalog/visitor-store/sqlite-driver.js';
import { DEFAULT_DATA_DIR, readCatalogConfig } from '../../server/catalog/config.js';
import pg from 'pg';
import { ListFullError, StoreOpenError, StoreReadError, StoreWriteError } from '../../server/catalog/errors.js';
import { MAX_MY_LIST } from '../../server/catalog/visitor-store/limits.js';
import { createMemoryStore } from '../../server/catalog/visitor-store/memory.js';
import { SCHEMA_VERSION } from '../../server/catalog/visitor-store/schema.js';
import { openPostgresStore } from '../../server/catalog/visitor-store/postgres.js';
import { PG_SCHEMA_VERSION } from '../../server/catalog/visitor-store/postgres-schema.js';
import { openSqliteStore } from '../../server/catalog/visitor-store/sqlite.js';
import { startPostgres } from '../../deploy/lib/postgres.js';

const dir = mkdtempSync(path.join(tmpdir(), 'marquee-store-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const newFile = () => path.join(dir, `visitors-${++files}.db`);
const quiet = () => {};

// One PostgreSQL server for the file (a few seconds to start), a new database per store.
/** @type {Awaited<ReturnType<typeof startPostgres>>} */
let postgres;
before(async () => {
  postgres = await startPostgres({ fsync: false });
});
after(() => postgres?.stop());
let databases = 0;

/** @type {Record<string, () => Promise<import('../../server/catalog/visitor-store/index.js').VisitorStore>>} */
const KINDS = {
  sqlite: async () => openSqliteStore({ file: newFile(), logError: quiet }),
  memory: async () => createMemoryStore({ logError: quiet }),
  postgres: async () =>
    openPostgresStore({ url: await postgres.createDatabase(`store_${++databases}`), logError: quiet }),
};
const ids = (/** @type {number} */ n) => Array.from({ length: n }, (_, i) => `film-${i + 1}-2000`);

for (const [kind, open] of Object.entries(KINDS)) {
  describe(`${kind} store: the promises every kind keeps`, () => {
    test('my list: newest first, an add already there stays in place, remove', async () => {
      const store = await open();
      assert.deepEqual(await store.add('visitor-a', 'a-2000'), ['a-2000']);
      assert.deepEqual(await store.add('visitor-a', 'b-2000'), ['b-2000', 'a-2000']);
      assert.deepEqual(await store.add('visitor-a', 'a-2000'), ['b-2000', 'a-2000'], 'idempotent, not moved');
      assert.deepEqual(await store.remove('visitor-a', 'b-2000'), ['a-2000']);
      assert.deepEqual(await store.remove('visitor-a', 'b-2000'), ['a-2000'], 'removing what is not there is fine');
      assert.deepEqual(await store.add('visitor-a', 'b-2000'), ['b-2000', 'a-2000'], 'added again: newest again');
      assert.deepEqual(await store.myList('visitor-b'), [], 'visitors are kept apart');
      await store.close();
    });

    test('ratings: set, change, clear, per visitor', async () => {
      const store = await open();
      await store.rate('visitor-a', 'a-2000', 4);
      await store.rate('visitor-a', 'a-2000', 2);
      await store.rate('visitor-b', 'a-2000', 5);
      await store.rate('visitor-a', 'b-2000', 1);
      await store.rate('visitor-a', 'b-2000', null);
      assert.deepEqual(Object.fromEntries(await store.ratings('visitor-a', ['a-2000', 'b-2000', 'c-2000'])), {
        'a-2000': 2,
        'b-2000': null,
        'c-2000': null,
      });
      assert.equal((await store.ratings('visitor-b', ['a-2000'])).get('a-2000'), 5);
      assert.equal((await store.stats()).ratingRows, 2);
      await store.close();
    });

    test('reads, removals and clearing for an unknown visitor write nothing', async () => {
      const store = await open();
      assert.deepEqual(await store.myList('visitor-a'), []);
      assert.equal((await store.ratings('visitor-a', ['a-2000'])).get('a-2000'), null);
      assert.deepEqual(await store.remove('visitor-a', 'a-2000'), []);
      await store.rate('visitor-a', 'a-2000', null);
      const stats = await store.stats();
      assert.equal(stats.visitors, 0);
      assert.equal(stats.writes, 0);
      await store.close();
    });

    test(`a full list (${MAX_MY_LIST}) refuses the next add with a 409 and keeps every title`, async () => {
      const store = await open();
      // Sequential: the list's order is the order of the adds.
      for (const id of ids(MAX_MY_LIST)) await store.add('visitor-a', id);
      const full = await store.myList('visitor-a');
      assert.equal(full.length, MAX_MY_LIST);
      await assert.rejects(
        async () => store.add('visitor-a', 'one-more-2000'),
        (/** @type {any} */ error) =>
          error instanceof ListFullError && error.status === 409 && error.message === 'My List is full (500 titles)',
      );
      assert.deepEqual(await store.myList('visitor-a'), full, 'nothing lost, nothing moved');
      assert.deepEqual(await store.add('visitor-a', full[250]), full, 'adding a title already there is still fine');
      await store.remove('visitor-a', full[0]);
      assert.equal((await store.add('visitor-a', 'one-more-2000'))[0], 'one-more-2000', 'room again after a remove');
      const stats = await store.stats();
      assert.equal(stats.refused, 1);
      assert.equal(stats.myListRows, MAX_MY_LIST);
      await store.close();
    });

    test('stats count the writes and time them', async () => {
      const store = await open();
      await store.add('visitor-a', 'a-2000');
      await store.rate('visitor-b', 'a-2000', 3);
      const stats = await store.stats();
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

describe('postgres store', () => {
  test('two stores on one database (two catalogs): a list never passes its limit, however the adds race', async () => {
    const url = await postgres.createDatabase(`store_${++databases}`);
    const [a, b] = await Promise.all([1, 2].map(() => openPostgresStore({ url, logError: quiet })));
    for (const id of ids(MAX_MY_LIST - 2)) await a.add('visitor-a', id);
    const racing = Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).add('visitor-a', `racer-${i}-2000`));
    const settled = await Promise.allSettled(racing);
    assert.equal(settled.filter((s) => s.status === 'fulfilled').length, 2, 'two fit');
    assert.ok(
      settled.every((s) => s.status === 'fulfilled' || s.reason instanceof ListFullError),
      'the rest are 409s',
    );
    const list = await b.myList('visitor-a');
    assert.equal(list.length, MAX_MY_LIST);
    assert.equal(new Set(list).size, MAX_MY_LIST, 'no title twice');
    assert.equal((await a.stats()).myListRows, MAX_MY_LIST, 'counted by the database, whichever store wrote');
    await Promise.all([a.close(), b.close()]);
  });

  test('a reopened database has every list and rating; its schema version; a newer one refuses to open', async () => {
    const url = await postgres.createDatabase(`store_${++databases}`);
    const store = await openPostgresStore({ url, logError: quiet });
    await store.add('visitor-a', 'a-2000');
    await store.add('visitor-a', 'b-2000');
    await store.rate('visitor-a', 'a-2000', 5);
    await store.close();

    const again = await openPostgresStore({ url, logError: quiet });
    assert.deepEqual(await again.myList('visitor-a'), ['b-2000', 'a-2000']);
    assert.match(
      again.summary,
      /^catalog: visitor store: postgres postgresql:\/\/postgres@localhost\/store_\d+\?\S+ \(schema 1, 1 visitors, 2 list rows, 1 ratings\)$/,
    );
    assert.equal((await again.stats()).schemaVersion, PG_SCHEMA_VERSION);
    await again.close();

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    assert.deepEqual((await client.query('SELECT version FROM schema_version')).rows, [{ version: 1 }]);
    await client.query('INSERT INTO schema_version VALUES (99, now())');
    await client.end();
    await assert.rejects(
      openPostgresStore({ url, logError: quiet }),
      (/** @type {Error} */ error) =>
        error instanceof StoreOpenError && /schema version 99 is newer than this code's 1/.test(error.message),
    );
  });

  test('a database that is down: each call a 503, nothing half written, and back by itself once it is up', async () => {
    const url = await postgres.createDatabase(`store_${++databases}`);
    /** @type {string[]} */
    const logged = [];
    const store = await openPostgresStore({ url, logError: (line) => logged.push(line) });
    await store.add('visitor-a', 'a-2000');
    await postgres.down();
    try {
      await assert.rejects(
        async () => store.add('visitor-a', 'b-2000'),
        (/** @type {any} */ error) => error instanceof StoreWriteError && error.status === 503,
      );
      await assert.rejects(
        async () => store.myList('visitor-a'),
        (/** @type {any} */ error) => error instanceof StoreReadError && error.status === 503,
      );
    } finally {
      await postgres.up();
    }
    assert.deepEqual(await store.add('visitor-a', 'c-2000'), ['c-2000', 'a-2000'], 'a new connection, the old data');
    assert.equal((await store.stats()).errors, 1);
    assert.ok(logged.some((line) => line.startsWith('catalog: visitor store write failed:')));
    await store.close();
  });

  test('a database that cannot be reached stops the open, naming it without its password', async () => {
    const url = `postgresql://someone:secret@localhost/nothing?host=${encodeURIComponent(dir)}&port=1`;
    await assert.rejects(
      openPostgresStore({ url, logError: quiet }),
      (/** @type {Error} */ error) =>
        error instanceof StoreOpenError &&
        error.message.startsWith('cannot open the visitor database postgresql://someone:***@localhost/nothing') &&
        !error.message.includes('secret'),
    );
  });
});

describe('configuration', () => {
  test('the database in data/ at the project root by default; DATA_DIR from the working directory', async () => {
    const config = readCatalogConfig({}, { hasIpc: true });
    assert.equal(config.visitorStore, 'sqlite');
    assert.equal(config.dataDir, DEFAULT_DATA_DIR);
    assert.equal(DEFAULT_DATA_DIR, path.resolve(import.meta.dirname, '../..', 'data'));
    assert.equal(readCatalogConfig({ DATA_DIR: 'some/where' }, { hasIpc: true }).dataDir, path.resolve('some/where'));
    assert.equal(readCatalogConfig({ VISITOR_STORE: 'memory' }, { hasIpc: true }).visitorStore, 'memory');
    assert.throws(() => readCatalogConfig({ VISITOR_STORE: 'redis' }, { hasIpc: true }), /VISITOR_STORE must be/);
    const pgUrl = 'postgresql://marquee:pw@db.example/marquee';
    assert.equal(
      readCatalogConfig({ VISITOR_STORE: 'postgres', DATABASE_URL: pgUrl }, { hasIpc: true }).databaseUrl,
      pgUrl,
    );
    assert.throws(
      () => readCatalogConfig({ VISITOR_STORE: 'postgres' }, { hasIpc: true }),
      /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL with VISITOR_STORE=postgres, got ""/,
    );
    assert.throws(
      () => readCatalogConfig({ VISITOR_STORE: 'postgres', DATABASE_URL: 'mysql://u:pw@h/db' }, { hasIpc: true }),
      /DATABASE_URL must be/,
    );
  });
});
