// @ts-check
// The visitor database's schema, as numbered migrations. A database records
// every version applied in `schema_version`; at start the missing ones run in
// order, each in its own transaction. Change the schema by appending a
// migration, never by editing one that has shipped.

/**
 * Visitors get an integer key once, so a list row costs a number, not the
 * visitor's id string. A list's order is `position` (higher = newer); a
 * title's place never changes once added. Both tables are WITHOUT ROWID:
 * a visitor's rows sit together in the primary key's b-tree, so a page reads
 * one short range.
 */
const MIGRATIONS = [
  `CREATE TABLE store_info (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     created_at TEXT NOT NULL,
     last_started_at TEXT NOT NULL
   );
   CREATE TABLE visitors (
     id INTEGER PRIMARY KEY,
     vid TEXT NOT NULL UNIQUE
   );
   CREATE TABLE my_list (
     visitor INTEGER NOT NULL REFERENCES visitors (id),
     position INTEGER NOT NULL,
     title TEXT NOT NULL,
     PRIMARY KEY (visitor, position)
   ) WITHOUT ROWID;
   CREATE UNIQUE INDEX my_list_title ON my_list (visitor, title);
   CREATE TABLE ratings (
     visitor INTEGER NOT NULL REFERENCES visitors (id),
     title TEXT NOT NULL,
     rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
     PRIMARY KEY (visitor, title)
   ) WITHOUT ROWID;`,
];

/** The version this code writes and reads. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Brings the database to SCHEMA_VERSION and records this start: the write
 * proves at start that the file is writable (SQLite opens a file it may not
 * write read-only, without a word).
 * @param {import('better-sqlite3').Database} db
 * @param {string} now ISO time
 * @returns {number} the schema version
 * @throws {Error} when the file was written by a newer version of this code
 */
export function migrate(db, now) {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  const current = () =>
    /** @type {number} */ (db.prepare('SELECT coalesce(max(version), 0) FROM schema_version').pluck().get());
  const found = current();
  if (found > SCHEMA_VERSION) {
    throw new Error(
      `schema version ${found} is newer than this code's ${SCHEMA_VERSION}: run the newer code, or restore a backup`,
    );
  }
  for (let version = found + 1; version <= SCHEMA_VERSION; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version - 1]);
      db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)').run(version, now);
    }).immediate();
  }
  db.prepare(
    `INSERT INTO store_info (id, created_at, last_started_at) VALUES (1, @now, @now)
     ON CONFLICT (id) DO UPDATE SET last_started_at = excluded.last_started_at`,
  ).run({ now });
  return current();
}
