// @ts-check
// The errors the catalog raises on purpose, its own: the catalog is a separate
// service and imports nothing of the app's (eslint.config.js keeps that edge).

/** A bad environment: names every bad key at once, so one restart fixes all. */
export class ConfigError extends Error {
  /** @param {string[]} problems one line per bad key */
  constructor(problems) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** The same method and path registered twice: a start-up error. */
export class DuplicateRouteError extends Error {
  /** @param {string} method @param {string} path */
  constructor(method, path) {
    super(`Route ${method.toUpperCase()} ${path} is already registered`);
    this.name = 'DuplicateRouteError';
  }
}

/** An error with an HTTP status whose message is safe to show the caller. */
export class HttpError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

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
