// @ts-check
// Every route goes through here, so a handler registered twice fails at start-up.
// Pitfall: a periodic refresh that re-registered a static handler grew
// Express's route table and added 10 ms per hour of latency (Netflix,
// "Node.js in Flames", 2014) (perf/exercises/04-route-table).
import { Router } from 'express';
import { DuplicateRouteError } from './errors.js';

/** @typedef {'get' | 'post' | 'put' | 'delete' | 'patch'} Method */

/**
 * @param {import('express').Router} router
 * @param {{ reRegisterEveryMs?: number }} [options] reRegisterEveryMs: workshop exercise 04 only
 */
export function createRouteTable(router, { reRegisterEveryMs = 0 } = {}) {
  /** @type {Set<string>} */
  const seen = new Set();
  let registered = 0;
  const leak = reRegisterEveryMs > 0 ? startLeak(router, reRegisterEveryMs, () => (registered += 1)) : null;
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
      registered += 1;
      router[method](path, ...handlers);
    },
    /** How many method-and-path pairs are registered (exported as a metric). */
    get size() {
      return registered;
    },
    close() {
      if (leak) clearInterval(leak);
    },
  };
}

/**
 * Exercise 04: Netflix's refresh, an hour in seconds. A router mounted ahead
 * of every route gets the same static handler again every `everyMs`, past the
 * duplicate check, so every request walks a table that never stops growing.
 * @param {import('express').Router} router
 * @param {number} everyMs
 * @param {() => void} onAdd
 */
function startLeak(router, everyMs, onAdd) {
  const refreshed = Router();
  router.use(refreshed);
  const robots = (/** @type {import('express').Request} */ _req, /** @type {import('express').Response} */ res) =>
    res.type('text/plain').send('User-agent: *\nAllow: /\n');
  const timer = setInterval(() => {
    refreshed.get('/robots.txt', robots);
    onAdd();
  }, everyMs);
  timer.unref();
  return timer;
}
