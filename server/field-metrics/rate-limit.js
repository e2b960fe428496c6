// @ts-check
// A token bucket per client address for POST /perf/beacon. A real page view
// sends one beacon; a client sending dozens a minute is a script, and each
// accepted beacon costs sketch updates, so it gets 429 instead.
// Pitfall: a rate limiter keyed by client address is itself an unbounded map
// (one entry per address ever seen); this one holds at most `maxClients`
// buckets and forgets the least recently seen first.

/**
 * @param {{
 *   perMinute: number,
 *   burst?: number,
 *   maxClients?: number,
 *   now?: () => number,
 * }} options
 */
export function createRateLimiter({ perMinute, burst = perMinute, maxClients = 10_000, now = Date.now }) {
  const refillPerMs = perMinute / 60_000;
  /** @type {Map<string, { tokens: number, at: number }>} least recently seen first */
  const buckets = new Map();

  return {
    /**
     * Takes one token for `client`.
     * @param {string} client
     * @returns {{ allowed: boolean, retryAfterS: number }}
     */
    take(client) {
      const t = now();
      const bucket = buckets.get(client) ?? { tokens: burst, at: t };
      // Re-insert so Map order stays "least recently seen first".
      buckets.delete(client);
      bucket.tokens = Math.min(burst, bucket.tokens + (t - bucket.at) * refillPerMs);
      bucket.at = t;
      buckets.set(client, bucket);
      if (buckets.size > maxClients) buckets.delete(/** @type {string} */ (buckets.keys().next().value));

      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { allowed: true, retryAfterS: 0 };
      }
      return { allowed: false, retryAfterS: Math.ceil((1 - bucket.tokens) / refillPerMs / 1000) };
    },
    /** How many clients are tracked (bounded by maxClients). */
    get size() {
      return buckets.size;
    },
  };
}

/**
 * Express middleware answering 429 (with Retry-After) once a client's bucket is empty.
 * @param {ReturnType<typeof createRateLimiter>} limiter
 * @param {(outcome: string) => void} [count]
 * @returns {import('express').RequestHandler}
 */
export function rateLimit(limiter, count = () => {}) {
  return (req, res, next) => {
    // req.ip is the socket's address unless the app trusts a proxy
    // ('trust proxy'); behind one, set it, or every visitor shares a bucket.
    const { allowed, retryAfterS } = limiter.take(req.ip ?? 'unknown');
    if (allowed) return next();
    count('rate_limited');
    res.status(429).set('Retry-After', String(retryAfterS)).json({ error: 'too many beacons; slow down' });
  };
}
