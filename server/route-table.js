// @ts-check
// Every route goes through here, so a handler registered twice fails at start-up.
// Pitfall: a periodic refresh that re-registered a static handler grew
// Express's route table and added 10 ms per hour of latency (Netflix,
// "Node.js in Flames", 2014).
import { DuplicateRouteError } from './errors.js';

/** @typedef {'get' | 'post' | 'put' | 'delete' | 'patch'} Method */

/**
 * @param {import('express').Router} router
 */
export function createRouteTable(router) {
  /** @type {Set<string>} */
  const seen = new Set();
  return {
    /**
     * @param {Method} method
     * @param {string} path
     * @param {...import('express').RequestHandler} handlers
     */
    add(method, path, ...handlers) {
      const key = `${method.toUpperCase()} ${path}`;
      if (seen.has(key)) throw new DuplicateRouteError(method, path);
      seen.add(key);
      router[method](path, ...handlers);
    },
    /** How many method-and-path pairs are registered (exported as a metric). */
    get size() {
      return seen.size;
    },
  };
}
