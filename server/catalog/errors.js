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
