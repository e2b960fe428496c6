// @ts-check
// Visitors' lists and ratings in an SQLite database (VISITOR_STORE=sqlite, the
// default): one file under DATA_DIR that outlives restarts and crashes
// (ADR 012). better-sqlite3 is synchronous: a statement runs to the end on
// the event loop, so each write is a transaction no request can interleave.
// Reads are prepared statements that touch only the visitor asked about.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from './sqlite-driver.js';
import { ListFullError, StoreOpenError } from '../errors.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './checkpointer.js';
import { MAX_MY_LIST } from './limits.js';
import { migrate } from './schema.js';
import { createWriteStats } from './write-stats.js';

/** @typedef {{ visitors: number, myList: number, ratings: number }} Counts rows added (or removed, negative) */

/** The database's file name inside DATA_DIR. */
export const VISITOR_DB_FILE = 'visitors.db';

/**
 * How long a statement waits for a lock another process holds (a second
 * catalog on the same file) before it fails. It waits on the event loop, so
 * keep it short: a stuck lock is an error answer, not a hung service.
 */
const BUSY_TIMEOUT_MS = 1000;

/**
 * @param {{ file: string, maxListLength?: number, logError?: (message: string) => void, now?: () => Date }} options
 * @returns {import('./index.js').ImmediateVisitorStore}
 * @throws {StoreOpenError} naming the file and the cause: never starts on an empty store instead
 */
export function openSqliteStore({
  file,
  maxListLength = MAX_MY_LIST,
  logError = console.error,
  now = () => new Date(),
}) {
  /** @type {import('better-sqlite3').Database | undefined} */
  let db;
  let schemaVersion;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
    // WAL: readers (pages, a backup) never wait for the writer. NORMAL: a commit
    // is written to the log before it is acknowledged, so it survives the
    // process dying (kill -9); only a power loss may cost the latest commits.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // Checkpoints (and their fsync) run in a worker thread, off the event loop.
    db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    schemaVersion = migrate(db, now().toISOString());
  } catch (error) {
    db?.close();
    throw new StoreOpenError(file, error);
  }
  const open = db;

  const sql = {
    visitorId: open.prepare('SELECT id FROM visitors WHERE vid = ?').pluck(),
    newVisitor: open.prepare('INSERT INTO visitors (vid) VALUES (?)'),
    myList: open
      .prepare(
        `SELECT m.title FROM visitors v JOIN my_list m ON m.visitor = v.id
         WHERE v.vid = ? ORDER BY m.position DESC`,
      )
      .pluck(),
    listOf: open.prepare('SELECT title FROM my_list WHERE visitor = ? ORDER BY position DESC').pluck(),
    inList: open.prepare('SELECT 1 FROM my_list WHERE visitor = ? AND title = ?').pluck(),
    listLength: open.prepare('SELECT count(*) FROM my_list WHERE visitor = ?').pluck(),
    addToList: open.prepare(
      `INSERT INTO my_list (visitor, position, title)
       SELECT @visitor, coalesce(max(position), 0) + 1, @title FROM my_list WHERE visitor = @visitor`,
    ),
    removeFromList: open.prepare('DELETE FROM my_list WHERE visitor = ? AND title = ?'),
    ratings: open.prepare(
      `SELECT r.title, r.rating FROM visitors v JOIN ratings r ON r.visitor = v.id
       WHERE v.vid = ? AND r.title IN (SELECT value FROM json_each(?))`,
    ),
    rate: open.prepare(
      `INSERT INTO ratings (visitor, title, rating) VALUES (?, ?, ?)
       ON CONFLICT (visitor, title) DO UPDATE SET rating = excluded.rating`,
    ),
    hasRating: open.prepare('SELECT 1 FROM ratings WHERE visitor = ? AND title = ?').pluck(),
    unrate: open.prepare('DELETE FROM ratings WHERE visitor = ? AND title = ?'),
    count: {
      visitors: open.prepare('SELECT count(*) FROM visitors').pluck(),
      myList: open.prepare('SELECT count(*) FROM my_list').pluck(),
      ratings: open.prepare('SELECT count(*) FROM ratings').pluck(),
    },
  };

  // Counted once here, then kept by every write: /_stats must not scan a million rows.
  const rows = {
    visitors: /** @type {number} */ (sql.count.visitors.get()),
    myList: /** @type {number} */ (sql.count.myList.get()),
    ratings: /** @type {number} */ (sql.count.ratings.get()),
  };
  const stats = createWriteStats({ logError });
  const checkpointer = startCheckpointer({ file, logError });

  /** @param {string} vid @returns {number | undefined} */
  const visitorId = (vid) => /** @type {number | undefined} */ (sql.visitorId.get(vid));
  /**
   * One write, in one IMMEDIATE transaction (the write lock is taken at BEGIN,
   * so it cannot fail half way for want of it). The row counts change only
   * once it commits.
   * @template T
   * @param {(pending: Counts) => T} write
   * @returns {T}
   */
  const transaction = (write) =>
    stats.run(() => {
      const pending = { visitors: 0, myList: 0, ratings: 0 };
      const result = open.transaction(() => write(pending)).immediate();
      rows.visitors += pending.visitors;
      rows.myList += pending.myList;
      rows.ratings += pending.ratings;
      return result;
    });
  /** A visitor gets a row on its first write, never on a read. @param {string} vid @param {Counts} pending */
  const visitorToWrite = (vid, pending) => {
    const id = visitorId(vid);
    if (id !== undefined) return id;
    pending.visitors += 1;
    return Number(sql.newVisitor.run(vid).lastInsertRowid);
  };
  /** @param {number} visitor @returns {string[]} */
  const listOf = (visitor) => /** @type {string[]} */ (sql.listOf.all(visitor));

  return {
    kind: 'sqlite',
    summary: `catalog: visitor store: ${file} (schema ${schemaVersion}, ${rows.visitors} visitors, ${rows.myList} list rows, ${rows.ratings} ratings)`,
    myList(vid) {
      return /** @type {string[]} */ (sql.myList.all(vid));
    },
    add(vid, titleId) {
      return transaction((pending) => {
        const known = visitorId(vid);
        if (known !== undefined && sql.inList.get(known, titleId)) return listOf(known);
        if (known !== undefined && /** @type {number} */ (sql.listLength.get(known)) >= maxListLength) {
          throw new ListFullError(maxListLength);
        }
        const visitor = known ?? visitorToWrite(vid, pending);
        sql.addToList.run({ visitor, title: titleId });
        pending.myList += 1;
        return listOf(visitor);
      });
    },
    remove(vid, titleId) {
      const known = visitorId(vid);
      if (known === undefined) return [];
      return transaction((pending) => {
        pending.myList -= sql.removeFromList.run(known, titleId).changes;
        return listOf(known);
      });
    },
    ratings(vid, titleIds) {
      const rated = /** @type {{ title: string, rating: number }[]} */ (sql.ratings.all(vid, JSON.stringify(titleIds)));
      const found = new Map(rated.map((row) => [row.title, row.rating]));
      return new Map(titleIds.map((id) => [id, found.get(id) ?? null]));
    },
    rate(vid, titleId, rating) {
      // Clearing what was never set writes nothing, and makes no visitor.
      if (rating === null && visitorId(vid) === undefined) return;
      transaction((pending) => {
        const visitor = visitorToWrite(vid, pending);
        const had = sql.hasRating.get(visitor, titleId) ? 1 : 0;
        if (rating === null) sql.unrate.run(visitor, titleId);
        else sql.rate.run(visitor, titleId, rating);
        pending.ratings += (rating === null ? 0 : 1) - had;
      });
    },
    stats() {
      return {
        kind: 'sqlite',
        file,
        schemaVersion,
        visitors: rows.visitors,
        myListRows: rows.myList,
        ratingRows: rows.ratings,
        ...stats.figures(),
        ...checkpointer.figures(),
      };
    },
    /** The checkpointer first: the last connection to close folds the log into the file. */
    async close() {
      await checkpointer.stop();
      if (open.open) open.close();
    },
  };
}
