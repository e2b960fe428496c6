// @ts-check
// An anonymous visitor id in a signed, HttpOnly, SameSite cookie. A missing,
// forged or tampered cookie gets a fresh visitor: never someone else's data.
import { randomBytes } from 'node:crypto';
import cookieParser from 'cookie-parser';

const COOKIE = 'marquee_visitor';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * @param {{ secret: string, secure: boolean }} options secure: always Secure
 *   (COOKIE_SECURE=1), else only when the request came over HTTPS
 * @returns {import('express').RequestHandler[]}
 */
export function visitor({ secret, secure }) {
  return [
    cookieParser(secret),
    (req, res, next) => {
      // cookie-parser sets signedCookies[name] to false when the signature is bad.
      const signed = req.signedCookies?.[COOKIE];
      if (typeof signed === 'string' && VISITOR_ID.test(signed)) {
        req.visitorId = signed;
        return next();
      }
      req.visitorId = randomBytes(16).toString('base64url');
      req.visitorIsNew = true;
      res.cookie(COOKIE, req.visitorId, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        // req.secure: a TLS socket, or X-Forwarded-Proto: https from a proxy
        // Express trusts (TRUST_PROXY). A cookie set over HTTPS without Secure
        // would also be sent over plain http, where anyone on the path reads it.
        secure: secure || req.secure,
        maxAge: ONE_YEAR_MS,
        path: '/',
      });
      next();
    },
  ];
}
