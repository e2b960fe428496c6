// @ts-check
// Workshop exercise 07 only (EXERCISE=07, perf/exercises/07-deferred-responses):
// every response's end goes through `hops` setImmediate turns first, as a
// framework whose lifecycle ran each step on a fresh turn of the event loop.
// Under a flood such deferred work once starved behind new requests (a Rails
// to Node migration on hapi: 1.4k req/s, 6k once the deferral was gone).
// Never mounted otherwise: the normal path ends a response when it is done.

/**
 * @param {number} hops setImmediate turns before each response ends
 * @returns {import('express').RequestHandler}
 */
export function deferResponses(hops) {
  return (_req, res, next) => {
    const end = res.end;
    res.end = /** @type {any} */ (
      function (/** @type {any[]} */ ...args) {
        let left = hops;
        const hop = () =>
          --left > 0 ? setImmediate(hop) : end.apply(res, /** @type {Parameters<typeof end>} */ (args));
        setImmediate(hop);
        return res;
      }
    );
    next();
  };
}
