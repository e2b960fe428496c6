// @ts-check
// `npm run catalog:backup -- FILE`: a consistent copy of the visitor database
// (DATA_DIR/visitors.db) while the catalog runs. This process opens the file
// read-only and copies it with SQLite's online backup API in one step, which
// reads one snapshot: WAL lets the catalog go on writing meanwhile, and a
// write that lands during the copy is simply not in it. Asking the running
// catalog over HTTP instead would need an endpoint that writes files where a
// caller says, and would spend the catalog's event loop on the copy.
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from './visitor-store/sqlite-driver.js';
import { dataDirFrom } from './config.js';
import { visitorDbPath } from './visitor-store/index.js';

/** Pages per backup step: all of them, so the copy is one snapshot and never restarts. */
const ALL_PAGES = 0x7fffffff;

/**
 * @param {string} source the live database
 * @param {string} target must not exist: a backup never overwrites
 * @returns {Promise<{ visitors: number, schemaVersion: number, bytes: number, ms: number }>}
 */
export async function backupVisitorDb(source, target) {
  if (!existsSync(source)) throw new Error(`no visitor database at ${source} (DATA_DIR, VISITOR_STORE=sqlite)`);
  if (existsSync(target)) throw new Error(`${target} exists: a backup never overwrites, name a new file`);
  const started = performance.now();
  // Written beside the target and renamed when complete and checked: a
  // backup that fails half way leaves no file that looks like a backup.
  const partial = `${target}.partial`;
  mkdirSync(path.dirname(target), { recursive: true });
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  const copy = new Database(partial, { readonly: true });
  let figures;
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed its check: ${check}`);
    figures = {
      visitors: /** @type {number} */ (copy.prepare('SELECT count(*) FROM visitors').pluck().get()),
      schemaVersion: /** @type {number} */ (copy.prepare('SELECT max(version) FROM schema_version').pluck().get()),
    };
  } catch (error) {
    copy.close();
    rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  renameSync(partial, target);
  return { ...figures, bytes: statSync(target).size, ms: performance.now() - started };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const target = process.argv[2];
  if (!target || process.argv.length > 3) {
    console.error('usage: npm run catalog:backup -- FILE   (copies DATA_DIR/visitors.db to FILE, a new file)');
    process.exit(2);
  }
  const source = visitorDbPath(dataDirFrom(process.env));
  try {
    const done = await backupVisitorDb(source, path.resolve(target));
    console.log(
      `catalog:backup: ${source} → ${path.resolve(target)}: schema ${done.schemaVersion}, ${done.visitors} visitors, ` +
        `${(done.bytes / 1e6).toFixed(1)} MB in ${Math.round(done.ms)} ms`,
    );
  } catch (error) {
    console.error(`catalog:backup: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
