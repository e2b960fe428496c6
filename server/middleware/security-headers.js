// @ts-check
// Security headers on every response, with a fresh CSP nonce per response so
// the inline style, the serialized cache and the client script are the only
// inline content the browser will run.
import { randomBytes } from 'node:crypto';
import helmet from 'helmet';

/**
 * @param {import('express').Request} _req
 * @param {import('express').Response} res
 * @param {import('express').NextFunction} next
 */
function assignNonce(_req, res, next) {
  res.locals.nonce = randomBytes(16).toString('base64');
  next();
}

/**
 * A directive function: helmet passes Node's own response, which Express's extends.
 * @param {import('node:http').IncomingMessage} _req @param {import('node:http').ServerResponse} res
 */
const nonceSource = (_req, res) => `'nonce-${/** @type {import('express').Response} */ (res).locals.nonce}'`;

/**
 * @param {{ imgOrigins?: readonly (string | null)[] }} [options] other hosts
 *   images may come from (POSTER_URL_TEMPLATE's image CDN); nulls are skipped
 */
export function securityHeaders({ imgOrigins = [] } = {}) {
  return [
    assignNonce,
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", nonceSource],
          styleSrc: ["'self'", nonceSource],
          imgSrc: ["'self'", 'data:', ...imgOrigins.filter((origin) => origin !== null)],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Cross-origin isolation would unlock measureUserAgentSpecificMemory, but
      // COEP breaks any third-party embed a starter adds; opt in per site.
      crossOriginEmbedderPolicy: false,
    }),
  ];
}
