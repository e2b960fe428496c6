// @ts-check
// Guards the operator's routes (GET /metrics, /perf, /perf/summary.json) with
// METRICS_TOKEN. Without a token configured they stay public, as before.
//
// Accepted: `Authorization: Bearer <token>` (Prometheus `authorization:
// credentials`, curl -H) and `Authorization: Basic` with the token as the
// password and any user name, so a person can open /perf in a browser: the
// Basic challenge makes the browser ask. Anything else is 401 with that
// challenge: a scraper with a missing or stale token says so in plain words
// ("401 Unauthorized"), where a 404 would look like a wrong URL. Hiding that
// the routes exist buys nothing: the code is public.
// It lives beside GET /metrics, the route METRICS_TOKEN is named for, not in
// middleware/: middleware may import from metrics/ (routeLabel), never the reverse.
import { createHash, timingSafeEqual } from 'node:crypto';

const CHALLENGE = 'Bearer realm="marquee metrics", Basic realm="marquee metrics", charset="UTF-8"';

/**
 * @param {string | null} token METRICS_TOKEN; null: no guard
 * @returns {import('express').RequestHandler}
 */
export function requireToken(token) {
  if (!token) return (_req, _res, next) => next();
  const expected = digest(token);
  return (req, res, next) => {
    const given = presentedToken(req.get('authorization'));
    // Digests have one length: the comparison takes the same time whatever was sent.
    if (given !== null && timingSafeEqual(digest(given), expected)) return next();
    res
      .status(401)
      .set('www-authenticate', CHALLENGE)
      .set('cache-control', 'no-store')
      .json({ error: 'send Authorization: Bearer <METRICS_TOKEN>' });
  };
}

/**
 * @param {string | undefined} header Authorization
 * @returns {string | null} the token it carries, or null
 */
export function presentedToken(header) {
  const match = /^(Bearer|Basic) +(\S+) *$/i.exec(header ?? '');
  if (!match) return null;
  if (match[1].toLowerCase() === 'bearer') return match[2];
  const decoded = Buffer.from(match[2], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
}

/** @param {string} text */
function digest(text) {
  return createHash('sha256').update(text).digest();
}
