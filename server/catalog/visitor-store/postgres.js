// @ts-check
// Visitors' lists and ratings in PostgreSQL (VISITOR_STORE=postgres with
// DATABASE_URL): the store for a fleet, where several catalogs share one
// database (ADR 016). The same limits and refusals as SQLite's; each write is
// one transaction, answered only once its COMMIT has returned (PostgreSQL's
// synchronous_commit: the commit is in its fsynced log). A database that is
// down or restarting makes each call fail with a 503 while it lasts; the pool
// opens new connections by itself once it is back.
import pg from 'pg';
import { ListFullError, StoreOpenError, StoreReadError } from '../errors.js';
import { MAX_MY_LIST } from './limits.js';
import { migratePostgres } from './postgres-schema.js';
import { createWriteStats } from './write-stats.js';

/**
 * Connections per catalog. Each write holds one for its transaction (a few
 * round trips); PostgreSQL allows 100 by default, so ten catalogs fit.
 */
const POOL_MAX = 10;
/** A database that does not answer is a 503 within this, never a request that hangs. */
const CONNECT_TIMEOUT_MS = 2000;
const STATEMENT_TIMEOUT_MS = 5000;

/**
 * @param {{ url: string, maxListLength?: number, logError?: (message: string) => void, now?: () => Date }} options
 * @returns {Promise<import('./index.js').VisitorStore>}
 * @throws {StoreOpenError} naming the database (password hidden) and the cause
 */
export async function openPostgresStore({
  url,
  maxListLength = MAX_MY_LIST,
  logError = console.error,
  now = () => new Date(),
}) {
  const shown = withoutPassword(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    application_name: 'marquee-catalog',
  });
  // An idle connection the server closes (a restart) is an 'error' on the
  // pool; without a listener Node would end the whole catalog for it.
  pool.on('error', (error) => logError(`catalog: visitor store connection lost: ${error.message}`));

  let schemaVersion;
  let counts;
  try {
    schemaVersion = await migratePostgres(pool, now());
    counts = await countRows(pool);
  } catch (error) {
    await pool.end().catch(() => {});
    throw new StoreOpenError(shown, error);
  }

  const stats = createWriteStats({ logError });

  /**
   * A read the database could not answer: a 503 that says so, the cause logged.
   * @template T @param {() => Promise<T>} read @returns {Promise<T>}
   */
  const reading = async (read) => {
    try {
      return await read();
    } catch (error) {
      logError(`catalog: visitor store read failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new StoreReadError(error);
    }
  };

  /**
   * One write in one transaction on one connection. A connection that failed
   * is destroyed, not given back: the next write gets a fresh one.
   * @template T
   * @param {(client: import('pg').PoolClient) => Promise<T>} write
   * @returns {Promise<T>}
   */
  const transaction = (write) =>
    stats.runAsync(async () => {
      const client = await pool.connect();
      /** @type {Error | undefined} */
      let broken;
      // Pitfall: the pool listens for a connection's errors only while it is
      // idle; one the server ends (a restart) between two of our statements
      // would be an unhandled 'error' event, and end the whole catalog.
      const lost = (/** @type {Error} */ error) => {
        broken = error;
      };
      client.on('error', lost);
      try {
        await client.query('BEGIN');
        const result = await write(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        if (!(error instanceof ListFullError)) broken = /** @type {Error} */ (error);
        throw error;
      } finally {
        client.off('error', lost);
        client.release(broken);
      }
    });

  /** @param {import('pg').Pool | import('pg').PoolClient} db @param {string} vid @returns {Promise<string | undefined>} */
  const visitorId = async (db, vid) => (await db.query('SELECT id FROM visitors WHERE vid = $1', [vid])).rows[0]?.id;

  /**
   * The visitor's row, locked until the transaction ends: one visitor's
   * writes go one at a time, whichever catalog they reach. Created on the
   * first write, never on a read.
   * @param {import('pg').PoolClient} client @param {string} vid @returns {Promise<string>}
   */
  const lockVisitor = async (client, vid) => {
    const lock = 'SELECT id FROM visitors WHERE vid = $1 FOR NO KEY UPDATE';
    const found = (await client.query(lock, [vid])).rows[0]?.id;
    if (found !== undefined) return found;
    const made = await client.query(
      'INSERT INTO visitors (vid) VALUES ($1) ON CONFLICT (vid) DO NOTHING RETURNING id',
      [vid],
    );
    // Another catalog made it a moment ago: wait for its transaction, then lock it.
    return made.rows[0]?.id ?? (await client.query(lock, [vid])).rows[0].id;
  };

  /** @param {import('pg').Pool | import('pg').PoolClient} db @param {string} visitor @returns {Promise<string[]>} */
  const listOf = async (db, visitor) =>
    (await db.query('SELECT title FROM my_list WHERE visitor = $1 ORDER BY position DESC', [visitor])).rows.map(
      (row) => row.title,
    );

  return {
    kind: 'postgres',
    summary: `catalog: visitor store: postgres ${shown} (schema ${schemaVersion}, ${counts.visitors} visitors, ${counts.myListRows} list rows, ${counts.ratingRows} ratings)`,
    myList: (vid) =>
      reading(async () => {
        const { rows } = await pool.query(
          `SELECT m.title FROM visitors v JOIN my_list m ON m.visitor = v.id
           WHERE v.vid = $1 ORDER BY m.position DESC`,
          [vid],
        );
        return rows.map((row) => row.title);
      }),
    add: (vid, titleId) =>
      transaction(async (client) => {
        const visitor = await lockVisitor(client, vid);
        const { rows } = await client.query(
          'SELECT count(*)::int AS n, coalesce(bool_or(title = $2), false) AS there FROM my_list WHERE visitor = $1',
          [visitor, titleId],
        );
        if (rows[0].there) return listOf(client, visitor);
        if (rows[0].n >= maxListLength) throw new ListFullError(maxListLength);
        await client.query(
          `INSERT INTO my_list (visitor, position, title)
           SELECT $1, coalesce(max(position), 0) + 1, $2 FROM my_list WHERE visitor = $1`,
          [visitor, titleId],
        );
        return listOf(client, visitor);
      }),
    async remove(vid, titleId) {
      // Removing for a visitor who never wrote writes nothing.
      if ((await reading(() => visitorId(pool, vid))) === undefined) return [];
      return transaction(async (client) => {
        const visitor = await lockVisitor(client, vid);
        await client.query('DELETE FROM my_list WHERE visitor = $1 AND title = $2', [visitor, titleId]);
        return listOf(client, visitor);
      });
    },
    ratings: (vid, titleIds) =>
      reading(async () => {
        const { rows } = await pool.query(
          `SELECT r.title, r.rating FROM visitors v JOIN ratings r ON r.visitor = v.id
           WHERE v.vid = $1 AND r.title = ANY ($2::text[])`,
          [vid, titleIds],
        );
        const found = new Map(rows.map((row) => [row.title, row.rating]));
        return new Map(titleIds.map((id) => [id, found.get(id) ?? null]));
      }),
    async rate(vid, titleId, rating) {
      // Clearing what was never set writes nothing, and makes no visitor.
      if (rating === null && (await reading(() => visitorId(pool, vid))) === undefined) return;
      await transaction(async (client) => {
        const visitor = await lockVisitor(client, vid);
        if (rating === null)
          await client.query('DELETE FROM ratings WHERE visitor = $1 AND title = $2', [visitor, titleId]);
        else {
          await client.query(
            `INSERT INTO ratings (visitor, title, rating) VALUES ($1, $2, $3)
             ON CONFLICT (visitor, title) DO UPDATE SET rating = excluded.rating`,
            [visitor, titleId, rating],
          );
        }
      });
    },
    // Rows are counted by the database: every catalog writes to it, so no
    // process's own tally is the truth. A scan, but only on /_stats.
    stats: () =>
      reading(async () => ({
        kind: /** @type {const} */ ('postgres'),
        database: shown,
        schemaVersion,
        ...(await countRows(pool)),
        ...stats.figures(),
        pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
      })),
    close: () => pool.end(),
  };
}

/** @param {import('pg').Pool} pool */
async function countRows(pool) {
  const { rows } = await pool.query(
    `SELECT (SELECT count(*) FROM visitors)::int AS visitors,
            (SELECT count(*) FROM my_list)::int AS "myListRows",
            (SELECT count(*) FROM ratings)::int AS "ratingRows"`,
  );
  return /** @type {{ visitors: number, myListRows: number, ratingRows: number }} */ (rows[0]);
}

/** The URL for logs, errors and /_stats: a password never leaves the process. @param {string} url */
export function withoutPassword(url) {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*):[^@]*@/i, '$1:***@');
}
