// @ts-check
// perf/visitor-data/index.js million: visitors written straight into a visitor
// database (one transaction, as fast as SQLite goes), and an autocannon run
// that spreads its requests over many paths and cookies.
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import autocannon from 'autocannon';
import Database from '../../server/catalog/visitor-store/sqlite-driver.js';
import { openSqliteStore } from '../../server/catalog/visitor-store/sqlite.js';

/**
 * Creates the database (the catalog's schema) if needed and adds `count`
 * visitors with 3 titles in My List and 2 ratings each.
 * @param {string} file
 * @param {number} count
 * @param {string[]} ids title ids
 * @returns {{ sample: string[], seconds: number, mb: number }} sample: 2,000 of the visitor ids, spread evenly
 */
export function fillVisitorDb(file, count, ids) {
  openSqliteStore({ file, logError: console.error }).close();
  const db = new Database(file);
  const insert = {
    visitor: db.prepare('INSERT INTO visitors (vid) VALUES (?)'),
    list: db.prepare('INSERT INTO my_list (visitor, position, title) VALUES (?, ?, ?)'),
    rating: db.prepare('INSERT INTO ratings (visitor, title, rating) VALUES (?, ?, ?)'),
  };
  /** @type {string[]} */
  const sample = [];
  const started = performance.now();
  db.transaction(() => {
    for (let n = 1; n <= count; n++) {
      const vid = randomBytes(16).toString('base64url');
      if (n % Math.ceil(count / 2000) === 0) sample.push(vid);
      const v = Number(insert.visitor.run(vid).lastInsertRowid);
      for (let k = 0; k < 3; k++) insert.list.run(v, k + 1, ids[(n * 7 + k * 131) % ids.length]);
      for (let k = 0; k < 2; k++) insert.rating.run(v, ids[(n * 11 + k * 173 + 1) % ids.length], ((n + k) % 5) + 1);
    }
  })();
  db.close();
  return { sample, seconds: (performance.now() - started) / 1000, mb: statSync(file).size / 1e6 };
}

/**
 * @param {{ url: string, paths: string[], cookies?: string[], connections: number, duration: number }} options
 *   request n goes to paths[n % length] with cookies[n % length]
 */
export function cannonRotating({ url, paths, cookies = [''], connections, duration }) {
  let n = 0;
  return autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const i = n++;
          return { ...request, path: paths[i % paths.length], headers: { cookie: cookies[i % cookies.length] } };
        },
      },
    ],
  });
}
