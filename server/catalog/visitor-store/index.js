// @ts-check
// The visitor store the catalog's /visitors routes use: an SQLite database
// under DATA_DIR (the default), or memory (VISITOR_STORE=memory). Both keep
// the same limits and refusals (limits.js); the HTTP API does not change.
import path from 'node:path';
import { createMemoryStore } from './memory.js';
import { VISITOR_DB_FILE, openSqliteStore } from './sqlite.js';

/**
 * @typedef {object} StoreStats what GET /_stats reports (docs/contracts.md)
 * @property {'sqlite' | 'memory'} kind
 * @property {string} [file] the database (sqlite)
 * @property {number} [schemaVersion] (sqlite)
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
 */

/**
 * Reads never write (an unknown visitor reads as empty); writes are atomic,
 * refuse past a limit (HttpError 409 or 503) and fail as a StoreWriteError
 * (503), leaving what was there before untouched.
 * @typedef {object} VisitorStore
 * @property {'sqlite' | 'memory'} kind
 * @property {string} summary one line for the start-up log
 * @property {(vid: string) => string[]} myList title ids, newest first
 * @property {(vid: string, titleId: string) => string[]} add at the front; a title already there stays in place; the list after
 * @property {(vid: string, titleId: string) => string[]} remove the list after
 * @property {(vid: string, titleIds: readonly string[]) => Map<string, number | null>} ratings null = not rated
 * @property {(vid: string, titleId: string, rating: number | null) => void} rate null clears
 * @property {() => StoreStats} stats
 * @property {() => void | Promise<void>} close
 */

/**
 * @param {{ kind: 'sqlite' | 'memory', dataDir: string, logError?: (message: string) => void }} options
 * @returns {VisitorStore}
 * @throws {import('../errors.js').StoreOpenError} a database that cannot be opened
 */
export function openVisitorStore({ kind, dataDir, logError = console.error }) {
  if (kind === 'memory') return createMemoryStore({ logError });
  if (!dataDir) throw new TypeError('the sqlite visitor store needs a dataDir');
  return openSqliteStore({ file: visitorDbPath(dataDir), logError });
}

/** @param {string} dataDir */
export function visitorDbPath(dataDir) {
  return path.resolve(dataDir, VISITOR_DB_FILE);
}
