// @ts-check
// A tiny router for the catalog's dozen routes. It is a fake upstream that
// must stay cheap, so it uses node:http without a framework's per-request
// layers (a Rails-to-Node migration went from 1.4k to 6k req/s once framework
// deferral was out of the way).
import { DuplicateRouteError } from './errors.js';
import { HttpError, httpError } from './respond.js';

/**
 * @typedef {object} RequestContext
 * @property {import('node:http').IncomingMessage} req
 * @property {Readonly<Record<string, string>>} params decoded path parameters
 * @property {URLSearchParams} query
 */
/** @typedef {(context: RequestContext) => unknown | Promise<unknown>} Handler returns the JSON body of a 200 */
/** @typedef {{ method: string, segments: string[], handler: Handler }} Route */

export function createRouter() {
  /** @type {Route[]} */
  const routes = [];
  /** @type {Set<string>} */
  const seen = new Set();

  return {
    /**
     * @param {'GET' | 'PUT' | 'DELETE' | 'POST'} method
     * @param {string} pattern e.g. '/lists/:listId'
     * @param {Handler} handler
     */
    add(method, pattern, handler) {
      // '/a/:x' and '/a/:y' are the same route: compare shapes, not spellings.
      const shape = `${method} ${pattern.replace(/:[^/]+/g, ':')}`;
      if (seen.has(shape)) throw new DuplicateRouteError(method, pattern);
      seen.add(shape);
      routes.push({ method, segments: pattern.split('/').slice(1), handler });
    },

    /**
     * @param {string} method
     * @param {string} pathname
     * @returns {{ handler: Handler, params: Record<string, string> }}
     * @throws {HttpError} 404 for an unknown path, 405 for a known path with another method
     */
    match(method, pathname) {
      const parts = pathname.split('/').slice(1);
      /** @type {Set<string>} */
      const allowed = new Set();
      for (const route of routes) {
        const params = matchSegments(route.segments, parts);
        if (params === null) continue;
        if (route.method === method) return { handler: route.handler, params };
        allowed.add(route.method);
      }
      if (allowed.size === 0) throw new HttpError(404, `no route for ${pathname}`);
      throw httpError(405, `${method} is not allowed on ${pathname}`, { allow: [...allowed].join(', ') });
    },
  };
}

/**
 * @param {string[]} segments the route's, ':name' for a parameter
 * @param {string[]} parts the request path's
 * @returns {Record<string, string> | null}
 */
function matchSegments(segments, parts) {
  if (segments.length !== parts.length) return null;
  /** @type {Record<string, string>} */
  const params = Object.create(null);
  for (let i = 0; i < segments.length; i++) {
    if (segments[i].startsWith(':')) {
      if (parts[i] === '') return null;
      params[segments[i].slice(1)] = decodeSegment(parts[i]);
    } else if (segments[i] !== parts[i]) return null;
  }
  return params;
}

/** @param {string} part */
function decodeSegment(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new HttpError(400, 'malformed percent-encoding in the path');
  }
}
