// @ts-check
// The errors both services raise on purpose, written once: the app's
// (server/errors.js) and the catalog's (server/catalog/errors.js) each build
// on these, so handlers can tell them apart from bugs (fastify's errors.js
// habit). Plain classes, no I/O: the catalog may import them across its edge.

/** A bad environment: names every bad key at once, so one restart fixes all. */
export class ConfigError extends Error {
  /** @param {string[]} problems one line per bad key */
  constructor(problems) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** The same method and path registered twice: a start-up error, never a slow leak. */
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
