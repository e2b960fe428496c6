// @ts-check
// The errors the catalog raises on purpose. The catalog is a separate service
// and imports nothing of the app's (eslint.config.js keeps that edge); the
// errors both raise are written once in shared/errors.js, and the catalog's
// own (its visitor store's) build on them here.
import { HttpError } from '../../shared/errors.js';

export { ConfigError, DuplicateRouteError, HttpError } from '../../shared/errors.js';

/** An add to a full list: refused, so nothing already in it is ever lost. */
export class ListFullError extends HttpError {
  /** @param {number} max */
  constructor(max) {
    super(409, `My List is full (${max} titles)`);
    this.name = 'ListFullError';
  }
}

/**
 * A write the visitor store could not make (disk full, database locked or
 * broken): the call fails with a 503 and nothing written before is touched.
 * The cause goes to the log, never to the caller.
 */
export class StoreWriteError extends HttpError {
  /** @param {unknown} cause */
  constructor(cause) {
    super(503, 'could not save: the visitor store is unavailable');
    this.name = 'StoreWriteError';
    this.cause = cause;
  }
}

/**
 * A read the visitor store could not answer (PostgreSQL down or restarting):
 * a 503 for this call; the store answers again once the database does.
 */
export class StoreReadError extends HttpError {
  /** @param {unknown} cause */
  constructor(cause) {
    super(503, 'could not read: the visitor store is unavailable');
    this.name = 'StoreReadError';
    this.cause = cause;
  }
}

/** A visitor store that cannot be opened: the catalog refuses to start rather than start empty. */
export class StoreOpenError extends Error {
  /** @param {string} file the file, or the database's URL without its password @param {unknown} cause */
  constructor(file, cause) {
    const error = /** @type {{ message?: string, code?: string }} */ (cause);
    const code =
      typeof error?.code === 'string' && !String(error.message).includes(error.code) ? ` (${error.code})` : '';
    super(`cannot open the visitor database ${file}: ${error?.message ?? String(cause)}${code}`, { cause });
    this.name = 'StoreOpenError';
  }
}
