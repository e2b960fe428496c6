// @ts-check
// Every route goes through here, so a handler registered twice fails at start-up.
// Pitfall: a periodic refresh that re-registered a static handler grew
// Express's route table and added 10 ms per hour of latency (Netflix,
// "Node.js in Flames", 2014) (perf/exercises/04-route-table).
import { DuplicateRouteError } from './errors.js';

/** @typedef {'get' | 'post' | 'put' | 'delete' | 'patch'} Method */

/**
 * @param {import('express').Router | import('express').Express} router
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
      /** @type {any} */ (router)[method](path, ...handlers);
    },
    /**
     * How many routes a request may walk: those in the router and in every
     * router mounted in it, however they got there (exported as a metric).
     * Counted, not kept: a route added past add() must show too.
     */
    get size() {
      return countRoutes(router);
    },
  };
}

/**
 * @param {any} router an Express app or Router
 * @returns {number}
 */
function countRoutes(router) {
  /** @type {any[]} */
  const stack = router.stack ?? router.router?.stack ?? [];
  let count = 0;
  for (const layer of stack) {
    if (layer.route) count += 1;
    else if (Array.isArray(layer.handle?.stack)) count += countRoutes(layer.handle);
  }
  return count;
}
