// @ts-check
// perf/visitor-data/index.js million --store postgres: the same visitors as
// bulk-visitors.js writes into SQLite (3 titles in My List and 2 ratings
// each, the same titles for the same n), written into PostgreSQL in one
// transaction, a batch of visitors per statement (arrays unnested: one round
// trip per table per batch, not one per row).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migratePostgres } from '../../server/catalog/visitor-store/postgres-schema.js';

const BATCH = 10_000;

/**
 * Creates the schema (the catalog's migrations) if needed and adds `count` visitors.
 * @param {string} url DATABASE_URL
 * @param {number} count
 * @param {string[]} ids title ids
 * @returns {Promise<{ sample: string[], seconds: number, mb: number }>} sample: 2,000 of the visitor ids, spread evenly
 */
export async function fillVisitorPg(url, count, ids) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migratePostgres(pool, new Date());
    const client = await pool.connect();
    /** @type {string[]} */
    const sample = [];
    const started = performance.now();
    try {
      await client.query('BEGIN');
      const first = Number((await client.query('SELECT coalesce(max(id), 0) + 1 AS n FROM visitors')).rows[0].n);
      for (let from = 1; from <= count; from += BATCH) {
        const to = Math.min(count, from + BATCH - 1);
        const visitor = { key: /** @type {number[]} */ ([]), vid: /** @type {string[]} */ ([]) };
        const list = {
          key: /** @type {number[]} */ ([]),
          position: /** @type {number[]} */ ([]),
          title: /** @type {string[]} */ ([]),
        };
        const rating = {
          key: /** @type {number[]} */ ([]),
          title: /** @type {string[]} */ ([]),
          value: /** @type {number[]} */ ([]),
        };
        for (let n = from; n <= to; n++) {
          const vid = randomBytes(16).toString('base64url');
          if (n % Math.ceil(count / 2000) === 0) sample.push(vid);
          const key = first + n - 1;
          visitor.key.push(key);
          visitor.vid.push(vid);
          for (let k = 0; k < 3; k++) {
            list.key.push(key);
            list.position.push(k + 1);
            list.title.push(ids[(n * 7 + k * 131) % ids.length]);
          }
          for (let k = 0; k < 2; k++) {
            rating.key.push(key);
            rating.title.push(ids[(n * 11 + k * 173 + 1) % ids.length]);
            rating.value.push(((n + k) % 5) + 1);
          }
        }
        await client.query(
          'INSERT INTO visitors (id, vid) OVERRIDING SYSTEM VALUE SELECT * FROM unnest($1::bigint[], $2::text[])',
          [visitor.key, visitor.vid],
        );
        await client.query(
          'INSERT INTO my_list (visitor, position, title) SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[])',
          [list.key, list.position, list.title],
        );
        await client.query(
          'INSERT INTO ratings (visitor, title, rating) SELECT * FROM unnest($1::bigint[], $2::text[], $3::smallint[])',
          [rating.key, rating.title, rating.value],
        );
      }
      // Ids were given here: the identity goes on after them for the catalog's own inserts.
      await client.query("SELECT setval(pg_get_serial_sequence('visitors', 'id'), (SELECT max(id) FROM visitors))");
      await client.query('COMMIT');
      await client.query('ANALYZE');
      const seconds = (performance.now() - started) / 1000;
      const bytes = Number((await client.query('SELECT pg_database_size(current_database()) AS b')).rows[0].b);
      return { sample, seconds, mb: bytes / 1e6 };
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}
