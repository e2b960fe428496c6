// @ts-check
// The visitor store the catalog's /visitors routes use: an SQLite database
// under DATA_DIR (the default), memory (VISITOR_STORE=memory), or PostgreSQL
// (VISITOR_STORE=postgres with DATABASE_URL, shared by several catalogs).
// All keep the same limits and refusals (limits.js); the HTTP API does not
// change. SQLite and memory answer at once, PostgreSQL with a promise:
// callers await every call.
import path from 'node:path';
import { createMemoryStore } from './memory.js';
import { openPostgresStore } from './postgres.js';
import { VISITOR_DB_FILE, openSqliteStore } from './sqlite.js';

/**
 * @typedef {object} StoreStats what GET /_stats reports (docs/contracts.md)
 * @property {'sqlite' | 'memory' | 'postgres'} kind
 * @property {string} [file] the database (sqlite)
 * @property {string} [database] the database's URL, without its password (postgres)
 * @property {number} [schemaVersion] (sqlite, postgres)
 * @property {number} visitors visitors who ever wrote
 * @property {number} myListRows titles in all lists
 * @property {number} ratingRows
 * @property {number} writes
 * @property {number} refused
 * @property {number} errors
 * @property {number | null} writeP99Ms
 * @property {number | null} writeMaxMs
 * @property {number} [checkpoints] log checkpoints the worker thread made (sqlite)
 * @property {number | null} [checkpointMaxMs] the slowest of them, off the event loop (sqlite)
 * @property {{ total: number, idle: number, waiting: number }} [pool] connections (postgres)
 */

/** @template T @typedef {T | Promise<T>} Answer a value at once (sqlite, memory) or later (postgres) */

/**
 * What SQLite and memory give: every answer at once. Tests and tools that
 * open one of them directly read its answers without awaiting.
 * @typedef {object} ImmediateVisitorStore
 * @property {'sqlite' | 'memory'} kind
 * @property {string} summary
 * @property {(vid: string) => string[]} myList
 * @property {(vid: string, titleId: string) => string[]} add
 * @property {(vid: string, titleId: string) => string[]} remove
 * @property {(vid: string, titleIds: readonly string[]) => Map<string, number | null>} ratings
 * @property {(vid: string, titleId: string, rating: number | null) => void} rate
 * @property {() => StoreStats} stats
 * @property {() => void | Promise<void>} close
 */

/**
 * Reads never write (an unknown visitor reads as empty); writes are atomic,
 * refuse past a limit (HttpError 409 or 503) and fail as a StoreWriteError
 * (503), leaving what was there before untouched.
 * @typedef {object} VisitorStore
 * @property {'sqlite' | 'memory' | 'postgres'} kind
 * @property {string} summary one line for the start-up log
 * @property {(vid: string) => Answer<string[]>} myList title ids, newest first
 * @property {(vid: string, titleId: string) => Answer<string[]>} add at the front; a title already there stays in place; the list after
 * @property {(vid: string, titleId: string) => Answer<string[]>} remove the list after
 * @property {(vid: string, titleIds: readonly string[]) => Answer<Map<string, number | null>>} ratings null = not rated
 * @property {(vid: string, titleId: string, rating: number | null) => Answer<void>} rate null clears
 * @property {() => Answer<StoreStats>} stats
 * @property {() => void | Promise<void>} close
 */

/** @typedef {'sqlite' | 'memory' | 'postgres'} StoreKind */

/**
 * @param {{ kind: StoreKind, dataDir: string, databaseUrl?: string, logError?: (message: string) => void }} options
 * @returns {Promise<VisitorStore>}
 * @throws {import('../errors.js').StoreOpenError} a database that cannot be opened
 */
export async function openVisitorStore({ kind, dataDir, databaseUrl = '', logError = console.error }) {
  if (kind === 'memory') return createMemoryStore({ logError });
  if (kind === 'postgres') {
    if (!databaseUrl) throw new TypeError('the postgres visitor store needs a databaseUrl');
    return openPostgresStore({ url: databaseUrl, logError });
  }
  if (!dataDir) throw new TypeError('the sqlite visitor store needs a dataDir');
  return openSqliteStore({ file: visitorDbPath(dataDir), logError });
}

/** @param {string} dataDir */
export function visitorDbPath(dataDir) {
  return path.resolve(dataDir, VISITOR_DB_FILE);
}
