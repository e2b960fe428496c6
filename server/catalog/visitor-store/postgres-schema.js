// @ts-check
// The visitor database's schema on PostgreSQL, as numbered migrations: the
// same tables as SQLite's (schema.js), in PostgreSQL's types. A database
// records every version applied in `schema_version`; at start the missing
// ones run in order, in one transaction under an advisory lock (several
// catalogs may start at once). Change the schema by appending a migration,
// never by editing one that has shipped.

/**
 * Visitors get an integer key once, so a list row costs a number, not the
 * visitor's id string. A list's order is `position` (higher = newer); a
 * title's place never changes once added. A visitor's row is also the lock
 * their writes take (postgres.js), so two catalogs never interleave one
 * visitor's list.
 */
const MIGRATIONS = [
  `CREATE TABLE store_info (
     id integer PRIMARY KEY CHECK (id = 1),
     created_at timestamptz NOT NULL,
     last_started_at timestamptz NOT NULL
   );
   CREATE TABLE visitors (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     vid text NOT NULL UNIQUE
   );
   CREATE TABLE my_list (
     visitor bigint NOT NULL REFERENCES visitors (id),
     position integer NOT NULL,
     title text NOT NULL,
     PRIMARY KEY (visitor, position)
   );
   CREATE UNIQUE INDEX my_list_title ON my_list (visitor, title);
   CREATE TABLE ratings (
     visitor bigint NOT NULL REFERENCES visitors (id),
     title text NOT NULL,
     rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
     PRIMARY KEY (visitor, title)
   );`,
];

/** The version this code writes and reads. */
export const PG_SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Any constant: the advisory lock that makes two catalogs starting at once
 * migrate one after the other instead of both creating the same tables.
 */
const MIGRATION_LOCK = 0x6d617271; // "marq"

/**
 * Brings the database to PG_SCHEMA_VERSION and records this start.
 * @param {import('pg').Pool} pool
 * @param {Date} now
 * @returns {Promise<number>} the schema version
 * @throws {Error} when the database was written by a newer version of this code
 */
export async function migratePostgres(pool, now) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_version (version integer PRIMARY KEY, applied_at timestamptz NOT NULL)',
    );
    const found = Number((await client.query('SELECT coalesce(max(version), 0) AS v FROM schema_version')).rows[0].v);
    if (found > PG_SCHEMA_VERSION) {
      throw new Error(
        `schema version ${found} is newer than this code's ${PG_SCHEMA_VERSION}: run the newer code, or restore a backup`,
      );
    }
    // One transaction for all: a catalog waiting on the lock sees them all or none.
    for (let version = found + 1; version <= PG_SCHEMA_VERSION; version++) {
      await client.query(MIGRATIONS[version - 1]);
      await client.query('INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)', [version, now]);
    }
    await client.query(
      `INSERT INTO store_info (id, created_at, last_started_at) VALUES (1, $1, $1)
       ON CONFLICT (id) DO UPDATE SET last_started_at = excluded.last_started_at`,
      [now],
    );
    await client.query('COMMIT');
    return PG_SCHEMA_VERSION;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
