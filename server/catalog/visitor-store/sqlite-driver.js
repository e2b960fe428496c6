// @ts-check
// The SQLite driver for this Node. better-sqlite3 13 is built on Node-API and
// ships its binaries inside the package. Up to 12 it wrapped its objects with
// node::ObjectWrap, which on Node 24.19 and later aborts the whole process when
// a garbage-collected statement is finalized (nodejs/node#65446): a catalog on
// Node 24 would die at some GC after its first write. 13 needs Node 22, so
// Node 20 keeps 12 (built from source by `npm ci`), where that bug does not
// exist. Both have the same API. ADR 012 says more.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const NODE_API_DRIVER_FROM_MAJOR = 22;

/** @returns {typeof import('better-sqlite3')} */
function loadDriver() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= NODE_API_DRIVER_FROM_MAJOR) return require('better-sqlite3');
  try {
    return require('better-sqlite3-node20');
  } catch (error) {
    throw new Error(
      `better-sqlite3-node20 (the SQLite driver for Node ${major}) is not installed: run npm ci, or use Node ${NODE_API_DRIVER_FROM_MAJOR} or later`,
      { cause: error },
    );
  }
}

/** The better-sqlite3 `Database` class: same API whichever build this Node loads. */
const Database = loadDriver();
export default Database;
